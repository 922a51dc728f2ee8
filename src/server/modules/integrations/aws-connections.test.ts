import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AwsSimulator, READ_ONLY_PERMISSIONS } from '../../../aws-sim/index.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { addMember, signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { FOCUS_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { syncOverRealModules } from '../../testing/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createCostDataService } from '../cost-data/cost-data.service.ts';
import { createIntegrationsService } from './integrations.service.ts';

/** Connecting AWS: who may, how many the plan allows, the template, and Cost Explorer when no export exists. */
let simulator: AwsSimulator;
let server: TestApp;
let owner: TestPerson;

beforeAll(async () => {
  const started = await startTestSimulator();
  simulator = started.simulator;
  // As when SPENDGUARD_AWS_ACCOUNT_ID is set: the template then trusts that account (aws-setup.test.ts).
  // A self-hosted single team: the operator lends the server's own credentials (AWS_LOCAL_CREDENTIALS=on).
  server = await createTestApp({
    aws: { ...simulatorAccess(simulator), spendguardAccountId: '123456789012', localCredentials: true },
    // The server lives on the simulated company's day: Cost Explorer is asked for its last 12 months.
    clock: started.clock,
  });
  owner = await signUpVerifiedOwner(server, 'owner@example.com');
}, 60_000);
afterAll(async () => {
  await server.close();
  await simulator.close();
});

const NEW_ACCOUNT_ROLE = 'arn:aws:iam::444455556666:role/SpendguardReadOnly';

const post = (person: TestPerson, payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/integrations', headers: person.headers, payload });

describe('connecting AWS', () => {
  it('lets members read but not connect', async () => {
    const member = await addMember(server, owner.organizationId, 'member@example.com');
    const refused = await post(member, { kind: 'aws-demo' });
    expect(refused.statusCode).toBe(403);
    const list = await server.app.inject({ url: '/api/integrations', headers: member.headers });
    expect(list.statusCode).toBe(200);
  });

  // Connecting a role syncs before it answers (no queue here): a role in a new account with no spend yet,
  // so the setup kit is read in seconds instead of after 13 months of costs (aws-sync.test.ts brings those).
  it('starts a role integration on the setup screen with its own ExternalId, template and quick-create link', async () => {
    const newKit = await server.app.inject({ url: '/api/integrations/setup-kit', headers: owner.headers });
    const externalId: string = newKit.json().external_id;
    expect(externalId).toMatch(/^sg-[0-9a-f]{16}-[0-9a-f]{24}$/);
    // The screen keeps its ExternalId across a reload; one it did not issue to this organization is replaced.
    const reloaded = await server.app.inject({
      url: `/api/integrations/setup-kit?external_id=${externalId}`,
      headers: owner.headers,
    });
    expect(reloaded.json().external_id).toBe(externalId);
    const chosen = await server.app.inject({
      url: '/api/integrations/setup-kit?external_id=acme-production-7f3k',
      headers: owner.headers,
    });
    expect(chosen.json().external_id).not.toBe('acme-production-7f3k');
    simulator.registerRole(NEW_ACCOUNT_ROLE, externalId, { permissions: READ_ONLY_PERMISSIONS });
    const created = await post(owner, {
      kind: 'aws-role',
      name: 'Production',
      role_arn: NEW_ACCOUNT_ROLE,
      external_id: externalId,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const kit = (
      await server.app.inject({ url: `/api/integrations/${id}/setup`, headers: owner.headers })
    ).json();
    expect(kit.quick_create_url).toContain('console.aws.amazon.com/cloudformation/home');
    expect(kit.quick_create_url).toContain(`param_ExternalId=${externalId}`);
    const template = await server.app.inject({
      url: `/api/integrations/${id}/cloudformation-template?with_export=true`,
      headers: owner.headers,
    });
    expect(template.headers['content-disposition']).toContain('spendguard-read-only-role.yaml');
    expect(template.body).toContain('sts:ExternalId: !Ref ExternalId');
    expect(template.body).toContain(`Default: '${externalId}'`);
    for (const action of [
      'ce:Get*',
      'cloudwatch:GetMetricData',
      'ec2:DescribeInstances',
      'ec2:DescribeVolumes',
      'ec2:DescribeSnapshots',
      'ec2:DescribeAddresses',
      'organizations:ListAccounts',
      'pricing:GetProducts',
    ])
      expect(template.body).toContain(action);
    expect(template.body).toContain('AWS::BCMDataExports::Export');
    expect(template.body).toContain('TIME_GRANULARITY: HOURLY');
    const publicCopy = await server.app.inject({ url: '/api/integrations/cloudformation-template.yaml' });
    expect(publicCopy.statusCode).toBe(200);
    const wrongRole = await server.app.inject({
      method: 'POST',
      url: `/api/integrations/${id}/role`,
      headers: owner.headers,
      payload: { role_arn: 'arn:aws:iam::444455556666:role/Elsewhere' },
    });
    expect(wrongRole.json()).toMatchObject({ ok: false, code: 'AccessDenied' });
    const kept = (await server.app.inject({ url: `/api/integrations/${id}`, headers: owner.headers })).json();
    expect(kept.role_arn).toBe(NEW_ACCOUNT_ROLE);
    await server.app.inject({ method: 'DELETE', url: `/api/integrations/${id}`, headers: owner.headers });
  });

  it("refuses a role in Spendguard's own account, whose bill and resources are the operator's", async () => {
    const issued = (
      await server.app.inject({ url: '/api/integrations/setup-kit', headers: owner.headers })
    ).json().external_id;
    const operatorRole = 'arn:aws:iam::123456789012:role/OperatorAdmin';
    simulator.registerRole(operatorRole, issued, { permissions: ['*'] });
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/integrations/verify-role',
      headers: owner.headers,
      payload: { role_arn: operatorRole, external_id: issued },
    });
    expect(verified.json()).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(verified.json().message).toContain("Spendguard's own AWS account");
    const created = await post(owner, {
      kind: 'aws-role',
      name: 'Operator',
      role_arn: operatorRole,
      external_id: issued,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().Message).toMatch(/^role_arn: That role is in Spendguard's own AWS account/);
  });

  it('refuses a second integration on the Free plan, naming the limit', async () => {
    await post(owner, { kind: 'upload', name: 'Files' });
    const second = await post(owner, { kind: 'upload', name: 'More files' });
    expect(second.statusCode).toBe(403);
    expect(second.json().Code).toBe('PlanLimitReached');
  });
});

describe('Cost Explorer when no export exists', () => {
  it('imports daily costs by account and service, counts paid calls, and refreshes at most every 6 hours', async () => {
    const other = await signUpVerifiedOwner(server, 'self-hosted@example.com');
    const created = await post(other, { kind: 'aws-local-credentials', name: 'Our AWS' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const view = (
      await server.app.inject({ url: `/api/integrations/${id}/status`, headers: other.headers })
    ).json();
    expect(view).toMatchObject({ source: 'cost-explorer', state: 'ready' });
    expect(view.cost_explorer_calls).toBeGreaterThan(0);
    const calls = simulator.callCount('ce', 'GetCostAndUsage');
    const db = server.context.database.db;
    const facts = await db
      .selectFrom('cost_monthly_rollups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('integration_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(facts.n)).toBeGreaterThan(0);
    const { sync } = syncOverRealModules(server, { ...simulatorAccess(simulator), localCredentials: true });
    // The schedule does not force: within 6 hours Cost Explorer is not called again.
    const cached = await sync.sync(id, { force: false });
    expect(cached.costs).toBe('cached');
    expect(simulator.callCount('ce', 'GetCostAndUsage')).toBe(calls);
  }, 90_000);
});

describe('npm run ingest', () => {
  it('ingests a local file through the same path as an upload', async () => {
    const costData = createCostDataService(server.context.database.db);
    const integrations = createIntegrationsService(server.context, costData);
    const third = await signUpVerifiedOwner(server, 'cli@example.com');
    const run = await integrations.ingestLocalFile({
      filePath: FOCUS_SAMPLE,
      organizationId: third.organizationId,
    });
    expect(run).toMatchObject({ state: 'succeeded', trigger: 'command-line', percent: 100 });
    expect(run.rowsRead).toBeGreaterThan(0);
  }, 60_000);
});
