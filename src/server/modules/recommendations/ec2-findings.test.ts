import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, TEST_CLOCK_START } from '../../../aws-sim/testing/test-simulator.ts';
import { instanceCatalog } from '../../../catalog/ec2-instance-catalog.ts';
import type {
  Ec2FindingDetailView,
  Ec2FindingListView,
  Ec2FindingView,
} from '../../../contracts/recommendations.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import {
  callAs,
  inviteNewPerson,
  type Person,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { organizationWithFleet, uploadSimulatorBill } from '../../testing/recommendations-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const HOURS_PER_MONTH = 730;
let server: TestApp;
let simulator: AwsSimulator;
let token: string;
let ownerId: string;

beforeAll(async () => {
  server = await createTestApp();
  ({ simulator } = await startTestSimulator());
  ({ token, userId: ownerId } = await signUpVerifiedPerson(server, { email: 'finance@acme.example' }));
  // Teams are a Business feature: the last test gives a member a team's view.
  await startBusinessTrial(server, { token, userId: ownerId, email: 'finance@acme.example' });
  const { organizationId, integrationId, recommendations } = await organizationWithFleet(
    server,
    token,
    simulator,
    TEST_CLOCK_START,
  );
  // November's bill covers the 14 days that end the day before the clock (Nov 8-21).
  await uploadSimulatorBill(server, token, integrationId, simulator, '2026-11');
  await recommendations.refreshFindings(organizationId);
});
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

async function list(query = ''): Promise<Ec2FindingListView> {
  const response = await server.app.inject({
    url: `/api/recommendations/ec2${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function finding(name: string): Promise<Ec2FindingView> {
  const found = (await list()).findings.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no finding for ${name}`);
  return found;
}

describe("the simulated company's planted instances", () => {
  it('finds the two idle instances, each saving its whole monthly cost', async () => {
    expect(await finding('jenkins-old')).toMatchObject({
      finding: 'idle',
      current_type: 't3.large',
      recommended_type: null,
      idle: { verdict: 'idle', low_use_days: 14 },
      price_source: 'billed',
    });
    expect((await finding('jenkins-old')).monthly_savings).toBeCloseTo(0.0832 * HOURS_PER_MONTH, 4); // $60.74
    const sandbox = await finding('reporting-sandbox');
    expect(sandbox).toMatchObject({ finding: 'idle', region: 'eu-west-1', current_type: 'm5.large' });
    expect(sandbox.monthly_savings).toBeCloseTo(0.096 * 1.12 * HOURS_PER_MONTH, 4); // $78.49, Ireland's price
    expect(sandbox.why).toContain("AWS Trusted Advisor's idle rule");
  });

  it('sizes the oversized m5.4xlarge down to the cheapest type with its CPU and memory: x8i.large, $400.89 a month', async () => {
    const batch = await finding('batch-legacy');
    expect(batch).toMatchObject({
      finding: 'over-provisioned',
      recommended_type: 'x8i.large',
      cpu_percentile: 10,
    });
    expect(batch.memory_percentile).toBeGreaterThan(24);
    expect(batch.monthly_cost_now).toBeCloseTo(0.768 * HOURS_PER_MONTH, 4);
    expect(batch.monthly_savings).toBeCloseTo((0.768 - 0.21883) * HOURS_PER_MONTH, 4);
  });

  it('moves the memory-light r5.2xlarge to m5a.xlarge, $242.36 a month less', async () => {
    const cache = await finding('cache-warmer');
    expect(cache).toMatchObject({ recommended_type: 'm5a.xlarge', projected_cpu_percent: 54 });
    expect(cache.monthly_savings).toBeCloseTo((0.504 - 0.172) * HOURS_PER_MONTH, 4);
  });

  it('keeps the ARM m6g.2xlarge on ARM: x2gd.large, $115.28 a month less at Ireland prices', async () => {
    const graviton = await finding('graviton-worker');
    expect(graviton.recommended_type).toBe('x2gd.large');
    expect(graviton.monthly_savings).toBeCloseTo((0.308 - 0.167) * 1.12 * HOURS_PER_MONTH, 4);
    const detail = await details(graviton.id);
    const architectures = detail.candidates.map(
      (candidate) => instanceCatalog().find((spec) => spec.type === candidate.type)?.architecture,
    );
    expect(new Set(architectures)).toEqual(new Set(['arm64']));
  });

  it('labels the GPU, the stopped and the Auto Scaling group instances instead of skipping them', async () => {
    expect(await finding('ml-training')).toMatchObject({ finding: 'not-enough-data', labels: ['gpu'] });
    expect(await finding('old-bastion')).toMatchObject({ finding: 'not-enough-data', labels: ['stopped'] });
    expect((await finding('api-prod')).labels).toEqual(['auto-scaling-group']);
    expect((await list()).count).toBe(18);
  });
});

describe('what an instance costs', () => {
  it('comes from the bill first: the Savings Plan rate, not the list price', async () => {
    const web = await finding('web-prod-1');
    expect(web.price_source).toBe('billed');
    expect(web.hourly_cost).toBeCloseTo(0.192 * 0.72, 8);
    expect(web.monthly_cost_now).toBeCloseTo(0.192 * 0.72 * HOURS_PER_MONTH, 4);
  });

  it('adds up to the possible monthly savings: idle and over-provisioned findings only ($964.92)', async () => {
    const { findings, total_monthly_savings } = await list();
    const actionable = findings.filter((f) => f.finding === 'idle' || f.finding === 'over-provisioned');
    const sum = actionable.reduce((total, f) => total + f.monthly_savings, 0);
    expect(total_monthly_savings).toBeCloseTo(sum, 4);
    expect(total_monthly_savings).toBeCloseTo(964.9213, 4);
    // eu-web-1 peaks at 79% on c6g.large: a1.large's slower cores would run it at 138%, so no move.
    expect(findings.find((f) => f.name === 'eu-web-1')).toMatchObject({
      finding: 'optimized',
      recommended_type: null,
    });
    expect(
      findings.filter((f) => f.finding === 'under-provisioned').every((f) => f.monthly_savings < 0),
    ).toBe(true);
  });
});

async function details(id: string): Promise<Ec2FindingDetailView> {
  const response = await server.app.inject({ url: `/api/recommendations/ec2/${id}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('one finding', () => {
  it('carries 14 days of hourly CPU and the candidates compared, the pick among them', async () => {
    const detail = await details((await finding('batch-legacy')).id);
    expect(detail.series).toHaveLength(14 * 24);
    expect(detail.series[0]?.hour).toBe('2026-11-08T00:00:00.000Z');
    expect(detail.series.every((point) => point.cpu_max !== null && point.memory_max !== null)).toBe(true);
    expect(detail.candidates.find((candidate) => candidate.recommended)).toMatchObject({
      type: 'x8i.large',
      fits: true,
      projected_cpu_percent: 80,
    });
    expect(detail.candidates_considered).toBeGreaterThan(detail.candidates.length);
  });
});

describe('filters and sorting', () => {
  it('filter by finding, region, account and search', async () => {
    expect((await list('?finding=idle')).findings.map((f) => f.name).sort()).toEqual([
      'jenkins-old',
      'reporting-sandbox',
    ]);
    expect((await list('?region=eu-west-1')).findings.map((f) => f.name).sort()).toEqual([
      'eu-web-1',
      'graviton-worker',
      'reporting-sandbox',
    ]);
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging')!;
    expect((await list(`?account=${staging.id}`)).count).toBe(2);
    expect((await list('?search=JENKINS')).findings.map((f) => f.name)).toEqual(['jenkins-old']);
    expect((await list('?search=x8i')).findings.map((f) => f.name)).toEqual(['batch-legacy']);
  });

  it('total the savings of the filtered findings only', async () => {
    expect((await list('?finding=idle')).total_monthly_savings).toBeCloseTo(60.736 + 78.4896, 4);
  });

  it('sort by savings by default, or by any column either way', async () => {
    expect((await list()).findings[0]?.name).toBe('batch-legacy');
    const byCost = (await list('?sort=cost_now&order=asc')).findings.map((f) => f.monthly_cost_now);
    expect(byCost).toEqual([...byCost].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect((await list('?sort=name')).findings[0]?.name).toBe('api-prod');
  });

  it('refuse a malformed filter, naming it', async () => {
    const response = await server.app.inject({
      url: '/api/recommendations/ec2?region=Ireland',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('region');
  });
});

describe('a member who sees only their team’s spend', () => {
  it('lists the findings in the team’s account only, totals and filters them, and answers 404 for the rest', async () => {
    const owner: Person = { token, userId: ownerId, email: 'finance@acme.example' };
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging')!;
    const member = await inviteNewPerson(server, owner, {
      email: 'staging-dev@acme.example',
      role: 'member',
    });
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Staging',
      member_ids: [member.userId],
      scope: { account_ids: [staging.id], tags: [] },
    });
    expect(team.statusCode, team.body).toBe(201);
    const asMember = callAs(server, member);
    const mine = (await asMember('GET', '/api/recommendations/ec2')).json() as Ec2FindingListView;
    const everyone = await list();
    const stagingFindings = everyone.findings.filter((one) => one.account_id === staging.id);
    expect(mine.count).toBe(2);
    expect(mine.findings.map((one) => one.id).sort()).toEqual(stagingFindings.map((one) => one.id).sort());
    expect(mine.accounts).toEqual([staging.id]);
    expect(mine.total_monthly_savings).toBeCloseTo(
      (await list(`?account=${staging.id}`)).total_monthly_savings,
      6,
    );
    const other = everyone.findings.find((one) => one.account_id !== staging.id)!;
    expect((await asMember('GET', `/api/recommendations/ec2/${other.id}`)).statusCode).toBe(404);
    expect((await asMember('GET', `/api/recommendations/ec2/${stagingFindings[0]!.id}`)).statusCode).toBe(
      200,
    );
  });
});
