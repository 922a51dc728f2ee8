import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { parseConfig } from '../../config.ts';
import { signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { syncOverRealModules } from '../../testing/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createCostDataService } from '../cost-data/cost-data.service.ts';
import { insertIntegration } from './integrations.repository.ts';
import { createIntegrationsService } from './integrations.service.ts';

/** The server's own AWS credentials are the operator's to lend (docs/decisions/075): off unless turned on. */
let simulator: AwsSimulator;
let server: TestApp;
let owner: TestPerson;

beforeAll(async () => {
  ({ simulator } = await startTestSimulator());
  server = await createTestApp({ aws: simulatorAccess(simulator) });
  owner = await signUpVerifiedOwner(server, 'new-tenant@example.com');
}, 60_000);
afterAll(async () => {
  await server.close();
  await simulator.close();
});

describe('the AWS_LOCAL_CREDENTIALS setting', () => {
  it('is off unless the operator turns it on', () => {
    expect(parseConfig({}).aws.localCredentials).toBe(false);
    expect(parseConfig({ AWS_LOCAL_CREDENTIALS: 'on' }).aws.localCredentials).toBe(true);
  });
});

describe('an organization on a server that keeps its own credentials to itself', () => {
  it("cannot connect the server's own AWS credentials, and is told why naming kind", async () => {
    const before = simulator.requestCount('sts', 'GetCallerIdentity');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: owner.headers,
      payload: { kind: 'aws-local-credentials', name: 'Their AWS' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Code: expect.any(String),
      Message: expect.stringMatching(/^kind: .*AWS_LOCAL_CREDENTIALS=on/),
    });
    expect(simulator.requestCount('sts', 'GetCallerIdentity')).toBe(before);
    const list = (await server.app.inject({ url: '/api/integrations', headers: owner.headers })).json();
    expect(JSON.stringify(list)).not.toContain('aws-local-credentials');
    const kit = await server.app.inject({ url: '/api/integrations/setup-kit', headers: owner.headers });
    expect(kit.json().local_credentials).toBe(false);
  });

  it('sees an integration made while they were lent stop syncing and polling, its card saying why', async () => {
    const db = server.context.database.db;
    const other = await signUpVerifiedOwner(server, 'earlier-tenant@example.com');
    const row = await insertIntegration(db, {
      organizationId: other.organizationId,
      name: 'Made while lent',
      kind: 'aws-local-credentials',
      source: 'cost-explorer',
      externalId: 'unused',
    });
    const integrations = createIntegrationsService(server.context, createCostDataService(db), {
      aws: simulatorAccess(simulator),
    });
    const due = await integrations.listDueForSync(0);
    expect(due.map((integration) => integration.id)).not.toContain(row.id);
    const polled = await integrations.listReachableAws();
    expect(polled.map((integration) => integration.id)).not.toContain(row.id);

    const calls = simulator.requestCount('sts', 'GetCallerIdentity');
    const costCalls = simulator.requestCount('ce', 'GetCostAndUsage');
    const { sync } = syncOverRealModules(server, simulatorAccess(simulator));
    const outcome = await sync.sync(row.id, { force: true });
    expect(outcome.state).toBe('error');
    expect(simulator.requestCount('sts', 'GetCallerIdentity')).toBe(calls);
    expect(simulator.requestCount('ce', 'GetCostAndUsage')).toBe(costCalls);

    const card = (
      await server.app.inject({ url: `/api/integrations/${row.id}`, headers: other.headers })
    ).json();
    expect(card.state).toBe('error');
    expect(card.last_error.message).toContain('AWS_LOCAL_CREDENTIALS');
  }, 60_000);
});
