/**
 * Gives the demo organization the simulated company's EC2 fleet and its findings, as a synced AWS
 * integration would, for trying the Recommendations screen before the collector exists in this tree.
 * It goes through the app's own paths (demo session, integrations API, recommendations service) and
 * the simulator's real SDK endpoints; nothing is written that an operator's sync would not write.
 *
 *   createdb -h 127.0.0.1 -U postgres spendguard_e2e
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spendguard_e2e node --import tsx src/server/testing/seed-demo-fleet.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/spendguard_e2e E2E_PORT=4311 npx playwright test e2e/recommendations.spec.ts
 */

import pino from 'pino';
import { startAwsSimulator } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createRecommendationsService } from '../modules/recommendations/recommendations.service.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';
import { bearer } from './accounts-fixtures.ts';
import { fillEc2InventoryFromSimulator } from './simulator-ec2-inventory.ts';

const config = parseConfig();
const { database, unlock } = await openConfiguredDatabase(config);
const context: AppContext = { config, database, log: pino({ level: 'warn' }) };
const simulator = await startAwsSimulator();
try {
  await prepareDatabaseSchema(context);
  const app = await buildApp(context);
  const { token } = (await app.inject({ method: 'POST', url: '/api/demo-session' })).json() as {
    token: string;
  };
  const me = (await app.inject({ url: '/api/users/me', headers: bearer(token) })).json() as {
    organization: { id: string };
  };
  const integration = (
    await app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: bearer(token),
      payload: { kind: 'upload', name: 'Acme (simulated AWS)' },
    })
  ).json() as { id: string };
  const now = new Date();
  const target = { organizationId: me.organization.id, integrationId: integration.id, now };
  const filled = await fillEc2InventoryFromSimulator(database.db, simulator, target);
  const recommendations = createRecommendationsService(context, {
    now: () => now,
    pricingClient: simulatorClients(simulator).pricing,
  });
  const refreshed = await recommendations.refreshFindings(me.organization.id);
  console.log(
    `demo organization ${me.organization.id}: ${filled.instances} instances, ${filled.metricRows} metric hours, ${refreshed.findings} findings`,
  );
  await app.close();
} finally {
  await simulator.close();
  await database.close();
  unlock();
}
