/**
 * Gives the demo organization the simulated company's 13 months of spend, as a synced CUR 2.0 export
 * would, for the dashboard before the demo integration's own sync exists in this tree. It downloads the
 * simulator's export through the real S3 SDK and ingests it into the demo organization's default
 * integration (created when there is none) through the integrations and cost-data services.
 *
 *   DATA_DIR=./data node --import tsx src/server/testing/seed-demo-costs.ts
 */

import fs from 'node:fs/promises';
import pino from 'pino';
import { billingPeriodsAt } from '../../aws-sim/company/timeline.ts';
import { startAwsSimulator } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { dataKey, downloadObject, scratchDirectory } from '../../aws-sim/testing/download-parquet.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from '../modules/integrations/integrations.service.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';
import { bearer } from './accounts-fixtures.ts';

const config = parseConfig();
const { database, unlock } = await openConfiguredDatabase(config);
const context: AppContext = { config, database, log: pino({ level: 'warn' }) };
const simulator = await startAwsSimulator();
const directory = await scratchDirectory();
try {
  await prepareDatabaseSchema(context);
  const app = await buildApp(context);
  const { token } = (await app.inject({ method: 'POST', url: '/api/demo-session' })).json() as {
    token: string;
  };
  const me = (await app.inject({ url: '/api/users/me', headers: bearer(token) })).json() as {
    organization: { id: string };
  };
  const existing = (await app.inject({ url: '/api/integrations', headers: bearer(token) })).json() as Array<{
    id: string;
    is_default: boolean;
  }>;
  const integrationId =
    existing.find((integration) => integration.is_default)?.id ??
    (
      (
        await app.inject({
          method: 'POST',
          url: '/api/integrations',
          headers: bearer(token),
          payload: { kind: 'upload', name: 'Acme (simulated AWS)' },
        })
      ).json() as { id: string }
    ).id;

  const { bucket, prefix, exportName } = simulator.company;
  const { s3 } = simulatorClients(simulator);
  const periods = billingPeriodsAt(Date.now());
  const files = [];
  for (const period of periods) {
    const file = await downloadObject(s3, bucket, dataKey(prefix, exportName, period), directory);
    files.push({ path: file, label: `cur2/${period}.snappy.parquet` });
  }
  const costData = createCostDataService(database.db, context.log);
  const integrations = createIntegrationsService(context, costData);
  const run = await costData.createRun({
    organizationId: me.organization.id,
    integrationId,
    trigger: 'demo-seed',
    files: files.map((file) => file.label),
  });
  const finished = await integrations.runIngestion({ runId: run.id, files, removeAfter: false });
  if (finished.state !== 'succeeded')
    throw new Error(`demo costs not ingested: ${JSON.stringify(finished.error)}`);
  console.log(
    `demo organization ${me.organization.id}: ${periods.length} billing periods, ${finished.factsWritten} cost facts`,
  );
  await app.close();
} finally {
  await fs.rm(directory, { recursive: true, force: true });
  await simulator.close();
  await database.close();
  unlock();
}
