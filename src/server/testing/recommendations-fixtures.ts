/** Setup shared by the recommendation tests: an organization with the simulated company's EC2 fleet. */

import fs from 'node:fs/promises';
import type { AwsSimulator } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { dataKey, downloadObject, scratchDirectory } from '../../aws-sim/testing/download-parquet.ts';
import { assumeRole } from '../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../aws-simulator-access.ts';
import { collectEc2Inventory } from '../modules/integrations/aws/ec2-inventory-collector.ts';
import { collectWasteInventory } from '../modules/integrations/aws/waste-inventory-collector.ts';
import { storeEc2Inventory } from '../modules/recommendations/ec2-inventory.repository.ts';
import { createRecommendationsService } from '../modules/recommendations/recommendations.service.ts';
import { bearer, multipartFile } from './accounts-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { createUploadIntegration } from './upload-fixtures.ts';

export async function organizationOf(server: TestApp, token: string): Promise<string> {
  const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  return (me.json() as { organization: { id: string } }).organization.id;
}

/** Uploads one billing period of the simulator's CUR 2.0 export, as a person would by hand, and waits until it is read. */
export async function uploadSimulatorBill(
  server: TestApp,
  token: string,
  integrationId: string,
  simulator: AwsSimulator,
  period: string,
): Promise<void> {
  const { bucket, prefix, exportName } = simulator.company;
  const directory = await scratchDirectory();
  try {
    const { s3 } = simulatorClients(simulator);
    const file = await downloadObject(s3, bucket, dataKey(prefix, exportName, period), directory);
    const { payload, headers } = multipartFile(
      'file',
      `cur-${period}.snappy.parquet`,
      await fs.readFile(file),
    );
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integrationId}/files`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
    // Without a queue the upload is read before the answer; with one, a worker reads it.
    let state = (response.json() as { state: string }).state;
    while (state === 'queued' || state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const card = await server.app.inject({
        method: 'GET',
        url: `/api/integrations/${integrationId}/status`,
        headers: bearer(token),
      });
      state = (card.json() as { latest_run?: { state: string } }).latest_run?.state ?? 'queued';
    }
    if (state !== 'succeeded') throw new Error(`the upload ended ${state}: ${response.body}`);
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

/**
 * Gives the person's organization an integration holding the simulated fleet, and a recommendations
 * service on the simulator's clock and Price List API (the app's own runs on the real clock).
 */
export async function organizationWithFleet(
  server: TestApp,
  token: string,
  simulator: AwsSimulator,
  now: Date,
) {
  const organizationId = await organizationOf(server, token);
  const integrationId = await createUploadIntegration(server, token, 'Acme AWS');
  // The sync's own collector and store, on the simulator's clock, for every account of the company.
  for (const account of simulator.company.accounts) {
    const credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
    const collected = await collectEc2Inventory(simulatorAccess(simulator), credentials, now);
    await storeEc2Inventory(
      server.context.database.db,
      { organizationId, integrationId, accountId: account.id, observedAt: now },
      collected,
    );
  }
  const recommendations = createRecommendationsService(
    { ...server.context, clock: { now: () => now } },
    {
      pricingClient: simulatorClients(simulator).pricing,
    },
  );
  return { organizationId, integrationId, recommendations };
}

/** What one sync of waste does for every account of the simulated company: collect the finders, store the findings. */
export async function syncSimulatedWaste(
  server: TestApp,
  simulator: AwsSimulator,
  owner: { organizationId: string; integrationId: string },
  observedAt: Date,
): Promise<void> {
  const recommendations = createRecommendationsService(server.context);
  for (const account of simulator.company.accounts) {
    const credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
    const found = await collectWasteInventory(simulatorAccess(simulator), credentials, [], observedAt);
    await recommendations.storeWasteInventory({ ...owner, accountId: account.id, observedAt }, found);
  }
}
