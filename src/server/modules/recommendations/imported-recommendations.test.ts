import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { READ_ONLY_PERMISSIONS } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { assumeRole, startTestSimulator, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { RecommendationItem, RecommendationListView } from '../../../contracts/recommendation-list.ts';
import { COMPUTE_OPTIMIZER_PERMISSIONS } from '../../../domain/imported-recommendations.ts';
import { sumUsd } from '../../../domain/money.ts';
import { COST_OPTIMIZATION_HUB_PERMISSIONS } from '../../../domain/read-role-additions.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { callWithToken, createApiToken } from '../../testing/api-token-fixtures.ts';
import {
  callAs,
  organizationWithEveryRole,
  type Person,
  signUpVerified,
} from '../../testing/organization-fixtures.ts';
import { organizationOf, uploadSimulatorBill } from '../../testing/recommendations-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUploadIntegration } from '../../testing/upload-fixtures.ts';
import { importComputeOptimizer } from '../integrations/aws/compute-optimizer-import.ts';
import { importCostOptimizationHub } from '../integrations/aws/cost-optimization-hub-import.ts';
import { collectEc2Inventory } from '../integrations/aws/ec2-inventory-collector.ts';
import {
  collectWasteInventory,
  instancesOutcome,
  regionsToRead,
} from '../integrations/aws/waste-inventory-collector.ts';
import { storeEc2Inventory } from './ec2-inventory.repository.ts';
import { createRecommendationsService } from './recommendations.service.ts';

// Compute Optimizer's recommendations imported through the real SDK client from the simulator, in the
// pass that runs the waste finders, merged with Spendguard's own findings and listed through the API.

const clock = testClock();
let server: TestApp;
let simulator: AwsSimulator;
let people: { owner: Person; admin: Person; member: Person };
let organizationId: string;
let integrationId: string;
let before: RecommendationListView;

/** What one sync does for each account: the waste finders, then (unless told not to) the import. */
async function sync(options: { importing?: boolean; permissions?: string[] } = {}) {
  const outcomes = [];
  for (const account of simulator.company.accounts) {
    let roleArn = account.demoRoleArn;
    let externalId = simulator.company.demoExternalId;
    if (options.permissions) {
      roleArn = `arn:aws:iam::${account.id}:role/Limited`;
      externalId = 'limited';
      simulator.registerRole(roleArn, externalId, { permissions: options.permissions });
    }
    const credentials = await assumeRole(simulator, roleArn, externalId);
    const access = simulatorAccess(simulator);
    const instances = await collectEc2Inventory(access, credentials, clock.now());
    const regions = await regionsToRead(access, credentials, [
      ...new Set(instances.map((instance) => instance.region)),
      'us-west-2',
    ]);
    const owner = { organizationId, integrationId, accountId: account.id, observedAt: clock.now() };
    const service = createRecommendationsService(server.context);
    const found = await collectWasteInventory(access, credentials, regions, clock.now());
    await service.storeWasteInventory(owner, [...found, instancesOutcome(instances, regions.length)]);
    if (options.importing === false) continue;
    const imported = await importComputeOptimizer(access, credentials, regions);
    await service.storeImportedRecommendations(owner, imported);
    outcomes.push({ accountId: account.id, ...imported });
  }
  return outcomes;
}

/**
 * The imports alone, as the sync runs them after the finders (whose inventory is already stored): Compute
 * Optimizer's unless told not to, and Cost Optimization Hub's.
 */
async function importAgain(options: { computeOptimizer?: boolean; permissions?: string[] } = {}) {
  const outcomes = [];
  for (const account of simulator.company.accounts) {
    let roleArn = account.demoRoleArn;
    let externalId = simulator.company.demoExternalId;
    if (options.permissions) {
      roleArn = `arn:aws:iam::${account.id}:role/LimitedHub`;
      externalId = 'limited-hub';
      simulator.registerRole(roleArn, externalId, { permissions: options.permissions });
    }
    const credentials = await assumeRole(simulator, roleArn, externalId);
    const access = simulatorAccess(simulator);
    const regions = ['us-east-1', 'us-west-2', 'eu-west-1'];
    const owner = { organizationId, integrationId, accountId: account.id, observedAt: clock.now() };
    const service = createRecommendationsService(server.context);
    // The sync stores the EC2 inventory first: the hub's rows take their names from it.
    await storeEc2Inventory(
      server.context.database.db,
      owner,
      await collectEc2Inventory(access, credentials, clock.now()),
    );
    if (options.computeOptimizer !== false)
      await service.storeImportedRecommendations(
        owner,
        await importComputeOptimizer(access, credentials, regions),
      );
    const hub = await importCostOptimizationHub(access, credentials, account.id, regions);
    await service.storeImportedRecommendations(owner, hub);
    outcomes.push({ accountId: account.id, ...hub });
  }
  return outcomes;
}

const list = async (person: Person, query = ''): Promise<RecommendationListView> => {
  const response = await callAs(server, person)('GET', `/api/recommendations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const named = (view: RecommendationListView, kind: string, name: string) =>
  view.findings.find((item) => item.kind === kind && item.name === name) as RecommendationItem;
const imported = (view: RecommendationListView) =>
  view.findings.filter((item) => item.source === 'compute-optimizer');

beforeAll(async () => {
  ({ simulator } = await startTestSimulator({ clock }));
  server = await createTestApp({ clock });
  people = await organizationWithEveryRole(server, 'imports.example');
  organizationId = await organizationOf(server, people.owner.token);
  integrationId = await createUploadIntegration(server, people.owner.token, 'Acme AWS');
  await uploadSimulatorBill(server, people.owner.token, integrationId, simulator, '2026-10');
  await sync({ importing: false });
  before = await list(people.owner);
  await sync();
}, 120_000);
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

describe('importing Compute Optimizer', () => {
  it('shows what only AWS flags with its source, its estimate and its words', async () => {
    const view = await list(people.owner);
    expect(before.findings.every((item) => item.source === 'spendguard')).toBe(true);
    expect(
      imported(view)
        .map((item) => `${item.kind} ${item.name}`)
        .sort(),
    ).toEqual([
      'idle-instance jenkins-old',
      'idle-instance reporting-sandbox',
      'instance-type-change kafka-broker-1',
      'instance-type-change kafka-broker-2',
      'instance-type-change web-prod-1',
      'instance-type-change web-prod-2',
      'rightsizing batch-legacy',
      'rightsizing cache-warmer',
      'rightsizing graviton-worker',
    ]);
    // Flagged by both AWS calls (idle, and one size down): the idle recommendation's larger figure kept.
    const jenkins = named(view, 'idle-instance', 'jenkins-old');
    expect(jenkins.monthly_savings).toBe(60.74);
    expect(jenkins.why).toContain('Compute Optimizer finds it idle (CPU peaked at 2.2% over 14 days)');
    expect(jenkins.why).toContain('recommends stopping it');
    const batch = named(view, 'rightsizing', 'batch-legacy');
    expect(batch).toMatchObject({
      source: 'compute-optimizer',
      account_id: simulator.company.managementAccountId,
      region: 'us-east-1',
      monthly_savings: 280.32,
      price: {
        known: true,
        basis: 'aws-estimate',
        source: "Compute Optimizer's estimate (On-Demand, before discounts)",
      },
      tags: { team: 'data', project: 'ledger', env: 'production' },
    });
    expect(batch.why).toContain('finds it over-provisioned (CPU peaked at 10% over 14 days)');
    expect(batch.why).toContain('recommends m5.2xlarge instead of m5.4xlarge');
    expect(named(view, 'instance-type-change', 'kafka-broker-1').why).toContain('migration effort: Medium');
  });

  it('counts a resource both flag once, at the bill figure, naming what AWS estimates', async () => {
    const view = await list(people.owner);
    const gp2 = view.findings.filter((item) => item.kind === 'gp2-volume');
    expect(gp2.map((item) => item.name).sort()).toEqual(
      before.findings
        .filter((item) => item.kind === 'gp2-volume')
        .map((item) => item.name)
        .sort(),
    );
    const archive = named(view, 'gp2-volume', 'kafka-archive');
    const archiveBefore = named(before, 'gp2-volume', 'kafka-archive');
    expect(archive.source).toBe('spendguard');
    expect(archive.monthly_savings).toBe(archiveBefore.monthly_savings);
    expect(archive.price).toEqual(archiveBefore.price);
    expect(archive.why).toContain('Compute Optimizer flags it too, at $30.00 a month');
    expect(archive.why).toContain("Counted once, Spendguard's figure kept.");
    const legacy = named(view, 'previous-generation', 'legacy-reports');
    expect(legacy.source).toBe('spendguard');
    expect(legacy.why).toContain('recommends m5.xlarge instead of m4.xlarge');
    expect(view.findings.filter((item) => item.resource_id === legacy.resource_id)).toHaveLength(1);

    // AWS's idle recommendations for what Spendguard's finders also flag: one row each, the bill's figure.
    for (const [kind, name] of [
      ['unattached-volume', 'jenkins-old-data'],
      ['unattached-volume', 'etl-scratch-2025'],
      ['unattached-volume', 'reporting-export'],
      ['idle-database', 'reports-replica-db'],
    ] as const) {
      const both = named(view, kind, name);
      expect(both.source, name).toBe('spendguard');
      expect(both.monthly_savings).toBe(named(before, kind, name).monthly_savings);
      expect(both.why).toContain('Compute Optimizer flags it too');
      expect(
        view.findings.filter((item) => item.resource_id === both.resource_id && item.kind === kind),
      ).toHaveLength(1);
    }
    expect(named(view, 'idle-database', 'reports-replica-db').why).toContain('finds it idle');

    // The totals grow by what only AWS flags, nothing more.
    const onlyAws = sumUsd(imported(view).map((item) => item.monthly_savings ?? 0));
    expect(view.total_monthly_savings).toBeCloseTo(sumUsd([before.total_monthly_savings, onlyAws]), 2);
    expect(view.findings).toHaveLength(before.findings.length + imported(view).length);
    const gp2Total = view.totals.find((total) => total.kind === 'gp2-volume');
    expect(gp2Total).toEqual(before.totals.find((total) => total.kind === 'gp2-volume'));
  });

  it('says an account without Compute Optimizer has it off, without failing the others', async () => {
    const view = await list(people.owner);
    const states = view.finders.filter((finder) => finder.finder === 'computeOptimizer');
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging');
    expect(states.find((state) => state.account_id === staging?.id)).toMatchObject({
      state: 'not-enrolled',
      calls: 1,
    });
    expect(states.find((state) => state.account_id === staging?.id)?.message).toContain('not turned on');
    expect(
      states.filter((state) => state.account_id !== staging?.id).every((state) => state.state === 'ok'),
    ).toBe(true);
    expect(
      view.findings.some((item) => item.account_id === staging?.id && item.source !== 'spendguard'),
    ).toBe(false);

    // The management account turns it off: what it had imported leaves at the next sync.
    simulator.setComputeOptimizer(simulator.company.managementAccountId, false);
    await sync();
    const off = await list(people.owner);
    expect(
      imported(off)
        .map((item) => item.name)
        .sort(),
    ).toEqual(['kafka-broker-1', 'kafka-broker-2']);
    expect(named(off, 'previous-generation', 'legacy-reports').why).not.toContain('Compute Optimizer');
    simulator.setComputeOptimizer(simulator.company.managementAccountId, true);
    await sync();
  });

  it('keeps what it imported when the role lacks the permission, and names it', async () => {
    const outcomes = await sync({
      permissions: READ_ONLY_PERMISSIONS.filter((permission) => !permission.startsWith('compute-optimizer:')),
    });
    const management = outcomes.find(
      (outcome) => outcome.accountId === simulator.company.managementAccountId,
    );
    expect(management).toMatchObject({
      state: 'missing-permission',
      permission: COMPUTE_OPTIMIZER_PERMISSIONS[0],
      recommendations: null,
    });
    const view = await list(people.owner);
    expect(
      view.finders.find(
        (finder) => finder.account_id === management?.accountId && finder.finder === 'computeOptimizer',
      ),
    ).toMatchObject({ state: 'missing-permission' });
    expect(imported(view)).toHaveLength(9);

    // A stack made before the idle recommendations: the permission it lacks is named, nothing is lost.
    const older = await sync({
      permissions: READ_ONLY_PERMISSIONS.filter(
        (permission) => permission !== 'compute-optimizer:GetIdleRecommendations',
      ),
    });
    expect(older.find((outcome) => outcome.accountId === management?.accountId)).toMatchObject({
      state: 'missing-permission',
      permission: 'compute-optimizer:GetIdleRecommendations',
    });
    expect(imported(await list(people.owner))).toHaveLength(9);
    await sync();
  });
});

describe('acting on an imported recommendation', () => {
  it('dismisses it with a reason, kept across syncs, and out of the totals', async () => {
    const view = await list(people.owner);
    const batch = named(view, 'rightsizing', 'batch-legacy');
    const acted = await callAs(server, people.admin)('PUT', `/api/recommendations/items/${batch.id}/action`, {
      action: 'dismissed',
      reason: 'Month-end batch needs the headroom',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json()).toMatchObject({ source: 'compute-optimizer', action: { kind: 'dismissed' } });
    const after = await list(people.owner);
    expect(after.findings.some((item) => item.id === batch.id)).toBe(false);
    expect(after.total_monthly_savings).toBeCloseTo(view.total_monthly_savings - 280.32, 2);
    await sync();
    const kept = await list(people.owner, '?include_dismissed=true&kind=rightsizing');
    expect(kept.findings.find((item) => item.id === batch.id)?.action?.reason).toBe(
      'Month-end batch needs the headroom',
    );
    const undone = await callAs(server, people.admin)(
      'DELETE',
      `/api/recommendations/items/${batch.id}/action`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await list(people.owner)).findings.some((item) => item.id === batch.id)).toBe(true);
  });

  it('answers another tenant 404, and a member may read but not act', async () => {
    const batch = named(await list(people.owner), 'rightsizing', 'batch-legacy');
    const stranger = await signUpVerified(server, 'stranger@elsewhere.example');
    expect((await callAs(server, stranger)('GET', `/api/recommendations/items/${batch.id}`)).statusCode).toBe(
      404,
    );
    const strangerTry = await callAs(server, stranger)(
      'PUT',
      `/api/recommendations/items/${batch.id}/action`,
      {
        action: 'dismissed',
        reason: 'mine now',
      },
    );
    expect(strangerTry.statusCode).toBe(404);
    const memberTry = await callAs(server, people.member)(
      'PUT',
      `/api/recommendations/items/${batch.id}/action`,
      {
        action: 'dismissed',
        reason: 'no',
      },
    );
    expect(memberTry.statusCode).toBe(403);
  });

  it('names the source in the API for a costs:read token and in the CSV', async () => {
    const { secret } = await createApiToken(server, people.owner, { name: 'sheet', scopes: ['costs:read'] });
    const byToken = await callWithToken(server, secret)('GET', '/api/recommendations?kind=rightsizing');
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect((byToken.json() as RecommendationListView).findings.map((item) => item.source)).toContain(
      'compute-optimizer',
    );
    const exported = await callWithToken(server, secret)(
      'GET',
      '/api/recommendations/export?kind=rightsizing',
    );
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toMatch(/^Kind,Source,Resource/);
    expect(lines.find((line) => line.includes('batch-legacy'))).toMatch(/^rightsizing,Compute Optimizer,i-/);
  });
});

describe('importing Cost Optimization Hub', () => {
  const fromHub = (view: RecommendationListView) =>
    view.findings.filter((item) => item.source === 'cost-optimization-hub');

  it("counts what it repeats of Compute Optimizer's findings once, naming it", async () => {
    const withoutHub = await list(people.owner);
    await importAgain();
    const view = await list(people.owner);
    // Every resource the hub flags, Compute Optimizer or Spendguard's finders flag too: no row, no dollar more.
    expect(fromHub(view)).toEqual([]);
    expect(view.findings).toHaveLength(withoutHub.findings.length);
    expect(view.total_monthly_savings).toBeCloseTo(withoutHub.total_monthly_savings, 2);
    const jenkins = named(view, 'idle-instance', 'jenkins-old');
    expect(jenkins.source).toBe('compute-optimizer');
    expect(jenkins.why).toContain('Cost Optimization Hub flags it too, at $60.74 a month');
    expect(jenkins.why).toContain('Counted once, the larger kept.');
    const archive = named(view, 'gp2-volume', 'kafka-archive');
    expect(archive.source).toBe('spendguard');
    expect(archive.why).toContain('Cost Optimization Hub flags it too, at $30.00 a month');
    expect(named(view, 'idle-database', 'reports-replica-db').why).toContain(
      'Cost Optimization Hub flags it too',
    );
  });

  it('stands alone with its source, its estimate and its words where Compute Optimizer is off', async () => {
    const withBoth = await list(people.owner);
    simulator.setComputeOptimizer(simulator.company.managementAccountId, false);
    await importAgain();
    simulator.setComputeOptimizer(simulator.company.managementAccountId, true);
    const view = await list(people.owner);
    expect(
      fromHub(view)
        .map((item) => `${item.kind} ${item.name}`)
        .sort(),
    ).toEqual([
      'idle-instance jenkins-old',
      'idle-instance reporting-sandbox',
      'instance-type-change web-prod-1',
      'instance-type-change web-prod-2',
      'rightsizing batch-legacy',
      'rightsizing cache-warmer',
      'rightsizing graviton-worker',
    ]);
    // The same figures as Compute Optimizer's: the totals do not move.
    expect(view.total_monthly_savings).toBeCloseTo(withBoth.total_monthly_savings, 2);
    const batch = named(view, 'rightsizing', 'batch-legacy');
    expect(batch).toMatchObject({
      source: 'cost-optimization-hub',
      region: 'us-east-1',
      monthly_savings: 280.32,
      price: {
        known: true,
        basis: 'aws-estimate',
        source: "Cost Optimization Hub's estimate (its savings preference: before or after discounts)",
      },
    });
    expect(batch.why).toBe(
      'Cost Optimization Hub finds it over-provisioned (over 14 days) and recommends m5.2xlarge instead of m5.4xlarge (migration effort: VeryLow): $280.32 a month by its estimate (50%), before or after discounts as its savings preference is set.',
    );
    expect(named(view, 'idle-instance', 'jenkins-old').why).toContain('recommends stopping it');
    expect(named(view, 'instance-type-change', 'web-prod-1').why).toContain('finds a Graviton type cheaper');
    await importAgain();
  });

  it('says staging has it off and a refused call names its permission, keeping what it imported', async () => {
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging');
    const management = simulator.company.managementAccountId;
    const states = (await list(people.owner)).finders.filter(
      (finder) => finder.finder === 'costOptimizationHub',
    );
    expect(states.find((state) => state.account_id === staging?.id)).toMatchObject({
      state: 'not-enrolled',
      calls: 1,
    });
    expect(states.filter((state) => state.account_id !== staging?.id).map((state) => state.state)).toEqual([
      'ok',
      'ok',
    ]);

    simulator.setComputeOptimizer(management, false);
    await importAgain();
    const imported = fromHub(await list(people.owner)).length;
    expect(imported).toBeGreaterThan(0);
    // Turned off, or the role without its rights: the card says so, the last import stays, nothing fails.
    simulator.setCostOptimizationHub(management, false);
    const off = await importAgain();
    expect(off.find((outcome) => outcome.accountId === management)).toMatchObject({
      state: 'not-enrolled',
      recommendations: null,
    });
    expect(fromHub(await list(people.owner))).toHaveLength(imported);
    simulator.setCostOptimizationHub(management, true);
    const refused = await importAgain({
      computeOptimizer: false,
      permissions: READ_ONLY_PERMISSIONS.filter(
        (permission) => !permission.startsWith('cost-optimization-hub:'),
      ),
    });
    expect(refused.find((outcome) => outcome.accountId === management)).toMatchObject({
      state: 'missing-permission',
      permission: COST_OPTIMIZATION_HUB_PERMISSIONS[0],
      recommendations: null,
    });
    const view = await list(people.owner);
    expect(fromHub(view)).toHaveLength(imported);
    expect(
      view.finders.find(
        (finder) => finder.account_id === management && finder.finder === 'costOptimizationHub',
      ),
    ).toMatchObject({
      state: 'missing-permission',
      permission: 'cost-optimization-hub:ListEnrollmentStatuses',
    });
    simulator.setComputeOptimizer(management, true);
    await importAgain();
    expect(fromHub(await list(people.owner))).toEqual([]);
  });
});

describe("with Spendguard's own EC2 findings", () => {
  it('counts an idle instance Spendguard also flags once, at its own figure', async () => {
    const recommendations = createRecommendationsService(
      { ...server.context, clock },
      { pricingClient: simulatorClients(simulator).pricing },
    );
    for (const account of simulator.company.accounts) {
      const credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
      await storeEc2Inventory(
        server.context.database.db,
        { organizationId, integrationId, accountId: account.id, observedAt: clock.now() },
        await collectEc2Inventory(simulatorAccess(simulator), credentials, clock.now()),
      );
    }
    const withoutOwn = await list(people.owner);
    await recommendations.refreshFindings(organizationId);
    const view = await list(people.owner);
    const jenkins = view.findings.filter((item) => item.name === 'jenkins-old');
    expect(jenkins.map((item) => `${item.kind} ${item.source}`)).toEqual(['idle-instance spendguard']);
    expect(jenkins[0]?.why).toContain('Compute Optimizer flags it too, at $60.74 a month');
    const aws = named(withoutOwn, 'idle-instance', 'jenkins-old');
    expect(view.findings.some((item) => item.id === aws.id)).toBe(false);
  });
});
