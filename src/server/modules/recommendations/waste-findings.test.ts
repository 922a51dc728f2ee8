import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { assumeRole, startTestSimulator, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { RecommendationItem, RecommendationListView } from '../../../contracts/recommendation-list.ts';
import { ALL_WASTE_FINDER_PERMISSIONS } from '../../../domain/waste-findings.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { callWithToken, createApiToken } from '../../testing/api-token-fixtures.ts';
import {
  callAs,
  organizationWithEveryRole,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { organizationOf, uploadSimulatorBill } from '../../testing/recommendations-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUploadIntegration } from '../../testing/upload-fixtures.ts';
import { collectEc2Inventory } from '../integrations/aws/ec2-inventory-collector.ts';
import { collectWasteInventory, instancesOutcome } from '../integrations/aws/waste-inventory-collector.ts';
import { createRecommendationsService } from './recommendations.service.ts';

// The waste finders through the real EC2 client against the simulator, stored as a sync stores them,
// priced from the simulator's bill for the last complete month, and listed through the API.

const clock = testClock();
let server: TestApp;
let simulator: AwsSimulator;
let people: { owner: Person; admin: Person; member: Person };
let organizationId: string;
let integrationId: string;

/** What one sync does for every account of the company: collect the finders, store what they found. */
async function syncWaste(permissions?: string[]) {
  const outcomes = [];
  for (const account of simulator.company.accounts) {
    let roleArn = account.demoRoleArn;
    if (permissions) {
      roleArn = `arn:aws:iam::${account.id}:role/Limited`;
      simulator.registerRole(roleArn, 'limited', { permissions });
    }
    const credentials = await assumeRole(
      simulator,
      roleArn,
      permissions ? 'limited' : simulator.company.demoExternalId,
    );
    const access = simulatorAccess(simulator);
    const found = await collectWasteInventory(access, credentials, [], clock.now());
    const instances = permissions ? [] : await collectEc2Inventory(access, credentials, clock.now());
    await createRecommendationsService(server.context).storeWasteInventory(
      { organizationId, integrationId, accountId: account.id, observedAt: clock.now() },
      permissions ? found : [...found, instancesOutcome(instances, 17)],
    );
    outcomes.push(...found);
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

beforeAll(async () => {
  ({ simulator } = await startTestSimulator({ clock }));
  server = await createTestApp({ clock });
  people = await organizationWithEveryRole(server, 'waste.example');
  organizationId = await organizationOf(server, people.owner.token);
  integrationId = await createUploadIntegration(server, people.owner.token, 'Acme AWS');
  // The last complete billing period: the bill's figure for each volume, snapshot and address.
  await uploadSimulatorBill(server, people.owner.token, integrationId, simulator, '2026-10');
  await syncWaste();
}, 120_000);
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

describe('the finders', () => {
  it('find every planted kind in every account and region, each saying the rule that flagged it', async () => {
    const view = await list(people.owner);
    const names = (kind: string) =>
      view.findings
        .filter((item) => item.kind === kind)
        .map((item) => item.name)
        .sort();
    expect(names('unattached-volume')).toEqual(['etl-scratch-2025', 'jenkins-old-data', 'reporting-export']);
    expect(names('gp2-volume')).toEqual([
      'batch-legacy-scratch',
      'etl-scratch-2025',
      'kafka-archive',
      'reporting-export',
    ]);
    expect(names('idle-address')).toEqual(['data-bastion-eip', 'legacy-vpn']);
    const snapshots = view.findings.filter((item) => item.kind === 'old-snapshot');
    // Four backups of the deleted legacy-mysql volume, and five of twelve daily ones beyond the seven kept.
    expect(snapshots).toHaveLength(9);
    expect(snapshots.filter((item) => item.why.includes('no longer exists'))).toHaveLength(4);
    expect(snapshots.filter((item) => item.why.includes('beyond the newest 7 kept'))).toHaveLength(5);
    expect(named(view, 'unattached-volume', 'jenkins-old-data').why).toMatch(/^Unattached for \d+ days/);
    expect(view.regions).toEqual(['eu-west-1', 'us-east-1', 'us-west-2']);
  });

  it('say a figure from the bill, within 2% of the list price, else the table, else price unknown with why', async () => {
    const view = await list(people.owner);
    const jenkins = named(view, 'unattached-volume', 'jenkins-old-data');
    expect(jenkins.price).toEqual({ known: true, basis: 'bill', source: 'the bill for 2026-10' });
    expect(jenkins.monthly_savings).toBe(40); // 500 GiB gp3 at $0.08
    const ireland = named(view, 'unattached-volume', 'reporting-export');
    expect(Math.abs((ireland.monthly_savings ?? 0) - 11) / 11).toBeLessThan(0.02); // list: $0.11 a GiB
    const vpn = named(view, 'idle-address', 'legacy-vpn');
    expect(vpn.price.known && vpn.price.basis).toBe('bill');
    expect(Math.abs((vpn.monthly_savings ?? 0) - 3.65) / 3.65).toBeLessThan(0.02); // 31 days of $0.005/h
    expect(named(view, 'gp2-volume', 'etl-scratch-2025').monthly_savings).toBe(15); // $100 less gp3's $85
    const dailySnapshot = view.findings.filter(
      (item) => item.kind === 'old-snapshot' && item.why.includes('beyond the newest'),
    );
    expect(dailySnapshot).toHaveLength(5);
    // The daily snapshots are younger than the billed month: no bill figure, and no list price for bytes unknown.
    for (const item of dailySnapshot) {
      expect(item.monthly_savings).toBeNull();
      expect(item.price).toMatchObject({ known: false });
    }
    const unknown = view.totals.find((total) => total.kind === 'old-snapshot');
    expect(unknown).toMatchObject({ count: 9, price_unknown: 5 });
  });

  it('leave the others running when the role may not describe volumes, and name the permission', async () => {
    const outcomes = await syncWaste([
      'ec2:DescribeRegions',
      'cloudwatch:GetMetricData',
      ...ALL_WASTE_FINDER_PERMISSIONS.filter((permission) => permission !== 'ec2:DescribeVolumes'),
    ]);
    expect(new Set(outcomes.filter((o) => o.finder === 'volumes').map((o) => o.state))).toEqual(
      new Set(['missing-permission']),
    );
    expect(outcomes.filter((o) => o.finder !== 'volumes').every((o) => o.state === 'ok')).toBe(true);
    const view = await list(people.owner);
    const volumes = view.finders.find((finder) => finder.finder === 'volumes');
    expect(volumes).toMatchObject({ state: 'missing-permission', permission: 'ec2:DescribeVolumes' });
    expect(volumes?.message).toContain('ec2:DescribeVolumes');
    // The volumes found before stay until a sync may read them again.
    expect(view.findings.some((item) => item.kind === 'unattached-volume')).toBe(true);
    await syncWaste();
  });

  it('look only in the regions the account uses when those are known', async () => {
    const outcomes = await collectWasteInventory(
      simulatorAccess(simulator),
      undefined,
      ['us-east-1', 'eu-west-1', 'mars-1'],
      clock.now(),
    );
    expect(outcomes.map((outcome) => [outcome.finder, outcome.regions, outcome.calls])).toEqual([
      ['volumes', 2, 2],
      ['snapshots', 2, 2],
      ['addresses', 2, 2],
      ['natGateways', 2, 3],
      ['loadBalancers', 2, 12],
      ['databases', 2, 3],
      ['networkInterfaces', 2, 2],
    ]);
    const everywhere = await collectWasteInventory(simulatorAccess(simulator), undefined, [], clock.now());
    expect(everywhere[0]?.regions).toBe(17);
  });

  it('back off when EC2 throttles and still finish', async () => {
    simulator.faults.throttle('ec2', 2);
    const outcomes = await syncWaste();
    expect(outcomes.every((outcome) => outcome.state === 'ok')).toBe(true);
    expect(simulator.requestCount('ec2', 'DescribeRegions')).toBeGreaterThan(
      simulator.callCount('ec2', 'DescribeRegions'),
    );
  });
});

describe('owners and scopes', () => {
  it('name the team whose scope holds the tags, and show a team member only their team', async () => {
    await startBusinessTrial(server, people.owner);
    const created = await callAs(server, people.owner)('POST', '/api/teams', {
      name: 'Platform',
      member_ids: [people.member.userId],
      scope: { account_ids: [], tags: [{ key: 'team', value: 'platform' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const everything = await list(people.owner);
    expect(named(everything, 'unattached-volume', 'jenkins-old-data').owner).toMatchObject({
      name: 'Platform',
      matched_by: 'tag team=platform',
    });
    expect(named(everything, 'idle-address', 'data-bastion-eip').owner).toBeNull();
    const mine = await list(people.member);
    expect(mine.findings.length).toBeGreaterThan(0);
    expect(mine.findings.every((item) => item.tags.team === 'platform')).toBe(true);
    expect(mine.findings.map((item) => item.name)).toContain('legacy-vpn');

    const teamId = created.json().id as string;
    expect(everything.teams).toContainEqual({ id: teamId, name: 'Platform' });
    expect(everything.tags).toContain('team=platform');
    const ofTeam = await list(people.owner, `?team=${teamId}`);
    expect(ofTeam.findings.length).toBeGreaterThan(0);
    expect(ofTeam.findings.length).toBeLessThan(everything.findings.length);
    expect(ofTeam.findings.every((item) => item.owner?.team_id === teamId)).toBe(true);
    const tagged = await list(people.owner, '?tag=team%3Dplatform');
    expect(tagged.findings.map((item) => item.id).sort()).toEqual(
      everything.findings
        .filter((item) => item.tags.team === 'platform')
        .map((item) => item.id)
        .sort(),
    );
    const badTag = await callAs(server, people.owner)('GET', '/api/recommendations?tag=platform');
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().Message).toContain('tag');
  });
});

describe('acting on a finding', () => {
  it('keeps a dismissal with its reason across syncs, and ends it when the resource is gone', async () => {
    const vpn = named(await list(people.owner), 'idle-address', 'legacy-vpn');
    const refused = await callAs(server, people.admin)('PUT', `/api/recommendations/items/${vpn.id}/action`, {
      action: 'expected',
      reason: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('reason');
    const acted = await callAs(server, people.admin)('PUT', `/api/recommendations/items/${vpn.id}/action`, {
      action: 'expected',
      reason: 'Kept for the partner VPN cut-over in January',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json().action).toMatchObject({
      kind: 'expected',
      reason: 'Kept for the partner VPN cut-over in January',
    });
    expect((await list(people.owner)).findings.some((item) => item.id === vpn.id)).toBe(false);

    await syncWaste();
    const kept = await list(people.owner, '?include_dismissed=true&kind=idle-address');
    expect(kept.findings.find((item) => item.id === vpn.id)?.action?.reason).toContain('partner VPN');

    const address = simulator.waste.addresses.find((candidate) => candidate.name === 'legacy-vpn');
    const allocatedAt = address?.allocatedAt ?? 0;
    if (address) address.allocatedAt = Number.POSITIVE_INFINITY; // released: no longer described
    await syncWaste();
    const gone = await list(people.owner, '?include_dismissed=true');
    expect(gone.findings.some((item) => item.id === vpn.id)).toBe(false);
    if (address) address.allocatedAt = allocatedAt;
    await syncWaste();
    const back = named(await list(people.owner), 'idle-address', 'legacy-vpn');
    expect(back.action).toBeNull();
  });

  it('lets a member read but not act, and answers another tenant 404', async () => {
    const jenkins = named(await list(people.owner), 'unattached-volume', 'jenkins-old-data');
    const memberTry = await callAs(server, people.member)(
      'PUT',
      `/api/recommendations/items/${jenkins.id}/action`,
      {
        action: 'dismissed',
        reason: 'no',
      },
    );
    expect(memberTry.statusCode).toBe(403);
    const stranger = await signUpVerified(server, 'stranger@other.example');
    expect(
      (await callAs(server, stranger)('GET', `/api/recommendations/items/${jenkins.id}`)).statusCode,
    ).toBe(404);
    const strangerTry = await callAs(server, stranger)(
      'PUT',
      `/api/recommendations/items/${jenkins.id}/action`,
      {
        action: 'dismissed',
        reason: 'mine now',
      },
    );
    expect(strangerTry.statusCode).toBe(404);
  });
});

describe('the API and the export', () => {
  it('answers a costs:read token, and exports CSV with formula-looking names neutralised', async () => {
    const { secret } = await createApiToken(server, people.owner, {
      name: 'finance sheet',
      scopes: ['costs:read'],
    });
    const byToken = await callWithToken(server, secret)('GET', '/api/recommendations?kind=gp2-volume');
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(
      (byToken.json() as RecommendationListView).findings.every((item) => item.kind === 'gp2-volume'),
    ).toBe(true);

    const volume = simulator.waste.volumes.find((candidate) => candidate.name === 'etl-scratch-2025');
    if (volume) volume.name = '=HYPERLINK("http://evil.example","x")';
    await syncWaste();
    const exported = await callWithToken(server, secret)(
      'GET',
      '/api/recommendations/export?kind=unattached-volume',
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(exported.body.split('\r\n')[0]).toContain('Monthly savings (USD)');
    if (volume) volume.name = 'etl-scratch-2025';
  });

  it('refuses an unknown kind by naming the field', async () => {
    const response = await callAs(server, people.owner)('GET', '/api/recommendations?kind=everything');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('kind');
  });
});

describe('the idle-service finders', () => {
  it('find the quiet NAT gateway, the idle load balancers, the idle database, the idle public IPv4 and the old-generation instance', async () => {
    const view = await list(people.owner);
    const names = (kind: string) =>
      view.findings
        .filter((item) => item.kind === kind)
        .map((item) => item.name)
        .sort();
    expect(names('idle-nat-gateway')).toEqual(['staging-nat-a']);
    expect(names('idle-load-balancer')).toEqual(['alb-staging-old', 'nlb-partner-feed']);
    expect(names('idle-database')).toEqual(['reports-replica-db']);
    expect(names('idle-public-ip')).toEqual(['old-bastion-eip', 'vpn-appliance-eip']);
    expect(names('previous-generation')).toEqual(['legacy-reports']);
    expect(named(view, 'idle-load-balancer', 'alb-staging-old').why).toContain(
      'no target is registered in any of its target groups',
    );
    expect(named(view, 'idle-load-balancer', 'nlb-partner-feed').why).toMatch(
      /\d+ new flows in the last 14 days/,
    );
    expect(named(view, 'idle-nat-gateway', 'staging-nat-a').why).toMatch(
      /Processed 0\.\d+ GB in the last 14 days/,
    );
    expect(named(view, 'idle-public-ip', 'old-bastion-eip').why).toContain('which is stopped');
    const legacy = named(view, 'previous-generation', 'legacy-reports');
    expect(legacy.why).toContain('m5.xlarge');
    expect(legacy.why).toContain('ENA and NVMe drivers');
  });

  it('give the idle database a resource reference an action can act on', async () => {
    const view = await list(people.owner);
    const database = named(view, 'idle-database', 'reports-replica-db');
    expect(database.resource).toEqual({
      type: 'rds-db-instance',
      account_id: '746251839027',
      region: 'us-west-2',
      id: 'reports-replica-db',
    });
    expect(database.why).toMatch(/^No connection for 14 days/);
  });

  it('price each from the bill, within 2% of the list price for the month', async () => {
    const view = await list(people.owner);
    const hoursInOctober = 31 * 24;
    const near = (item: RecommendationItem, listUsd: number) => {
      expect(item.price.known && item.price.basis).toBe('bill');
      expect(Math.abs((item.monthly_savings ?? 0) - listUsd) / listUsd).toBeLessThan(0.02);
    };
    near(named(view, 'idle-nat-gateway', 'staging-nat-a'), hoursInOctober * 0.045);
    near(named(view, 'idle-load-balancer', 'alb-staging-old'), hoursInOctober * 0.0225);
    near(named(view, 'idle-database', 'reports-replica-db'), hoursInOctober * 0.171 + 200 * 0.115);
    near(named(view, 'idle-public-ip', 'vpn-appliance-eip'), hoursInOctober * 0.005);
    // m4.xlarge $0.20/h to m5.xlarge $0.192/h: 4% of the bill.
    near(named(view, 'previous-generation', 'legacy-reports'), hoursInOctober * (0.2 - 0.192));
  });

  it('apply a changed threshold at once, and refuse one out of range naming the field', async () => {
    const put = (person: Person, body: Record<string, unknown>) =>
      callAs(server, person)('PUT', '/api/recommendations/waste-settings', body);
    const current = (await callAs(server, people.owner)('GET', '/api/recommendations/waste-settings')).json();
    expect(current).toMatchObject({
      nat_gateway_min_gb: 1,
      load_balancer_min_requests: 100,
      database_idle_days: 7,
    });
    expect((await put(people.member, current)).statusCode).toBe(403);
    const bad = await put(people.owner, { ...current, database_idle_days: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toContain('database_idle_days');
    expect((await put(people.owner, { ...current, load_balancer_min_requests: 10 })).statusCode).toBe(200);
    const names = (await list(people.owner)).findings
      .filter((item) => item.kind === 'idle-load-balancer')
      .map((item) => item.name);
    expect(names).toEqual(['alb-staging-old']);
    expect((await put(people.owner, current)).statusCode).toBe(200);
  });

  it('leave the others running when the role may not describe load balancers, naming the call', async () => {
    const outcomes = await syncWaste([
      'ec2:DescribeRegions',
      'cloudwatch:GetMetricData',
      ...ALL_WASTE_FINDER_PERMISSIONS.filter((permission) => !permission.startsWith('elasticloadbalancing:')),
    ]);
    expect(
      outcomes.filter((o) => o.finder === 'loadBalancers').every((o) => o.state === 'missing-permission'),
    ).toBe(true);
    expect(outcomes.filter((o) => o.finder !== 'loadBalancers').every((o) => o.state === 'ok')).toBe(true);
    const view = await list(people.owner);
    expect(view.finders.find((finder) => finder.finder === 'loadBalancers')).toMatchObject({
      state: 'missing-permission',
      permission: 'elasticloadbalancing:DescribeLoadBalancers',
    });
    expect(view.findings.some((item) => item.kind === 'idle-database')).toBe(true);
    await syncWaste();
  });
});
