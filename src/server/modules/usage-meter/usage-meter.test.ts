import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { READ_ONLY_PERMISSIONS } from '../../../aws-sim/index.ts';
import type { TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import { connectSimulatedAccount } from '../../testing/launch-event-fixtures.ts';
import { callAs, inviteNewPerson, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  closeUsageMeterWorld,
  natGatewayProcessedTodayGb,
  startUsageMeterWorld,
  type UsageMeterWorld,
  usageMeterViewOf,
} from '../../testing/usage-meter-fixtures.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

/**
 * The usage meter through the real CloudWatch SDK against the simulator: NAT gateway bytes read every
 * five minutes, each period counted once, a throttled read caught up with no gap, a role without
 * CloudWatch named, and another organization's integration not found.
 */
let world: UsageMeterWorld;
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let meter: UsageMeterService;
let owner: Person;
let integrationId: string;
let accountId: string;

const FIVE_MINUTES = 300_000;

const view = (person = owner, query = '') => usageMeterViewOf(server, person, query);

/** What CloudWatch itself says the gateway processed from midnight (UTC) to the last ended period. */
const processedTodayGb = (natGatewayId: string) =>
  natGatewayProcessedTodayGb(world, natGatewayId, FIVE_MINUTES, 300);

const gatewaysOfAccount = () => simulator.natGateways().filter((gateway) => gateway.accountId === accountId);

beforeAll(async () => {
  world = await startUsageMeterWorld({
    ownerEmail: 'owner@meter.test',
    env: { METER_SERVICES: 'nat-gateway' },
  });
  ({ simulator, clock, server, meter, owner, integrationId, accountId } = world);
  // Teams, for the members restricted to some accounts, are a Business feature.
  expect((await callAs(server, owner)('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
}, 60_000);
afterAll(() => closeUsageMeterWorld(world));

describe('the NAT gateway meter', () => {
  it('reads today so far on its first read: each gateway’s GB, $ an hour at $0.045 a GB and $ a day', async () => {
    expect(await meter.meterIntegration(integrationId)).toBe('continue');
    const answer = await view();
    const gateways = gatewaysOfAccount();
    expect(gateways.length).toBeGreaterThan(0);
    expect(answer.rows.map((row) => row.resource_id).sort()).toEqual(
      gateways.map((gateway) => gateway.natGatewayId).sort(),
    );
    for (const row of answer.rows) {
      expect(row.region).toBe('us-east-1');
      expect(row.today_quantity).toBeCloseTo(await processedTodayGb(row.resource_id), 6);
      expect(row.usd_per_hour).toBeCloseTo((row.last_hour_quantity ?? 0) * 0.045, 2);
      expect(row.usd_per_day).toBeCloseTo((row.usd_per_hour ?? 0) * 24, 2);
      expect(row.price_unknown_reason).toBeNull();
      expect(row.price_source).toMatch(/aws.amazon.com\/vpc\/pricing/);
      expect(Date.parse(row.last_datapoint_at ?? '')).toBeLessThan(clock.now().getTime());
    }
    const card = answer.meters.find((entry) => entry.integration_id === integrationId);
    expect(card?.regions).toEqual([
      expect.objectContaining({ region: 'us-east-1', error: null, charge: 'nat-gateway-data-processed' }),
    ]);
    expect(card?.metrics_requested).toBe(2 * gateways.length);
  });

  it('counts a period read again once: reads at the same time, and a read five minutes on, keep today equal to CloudWatch', async () => {
    await Promise.all([meter.meterIntegration(integrationId), meter.meterIntegration(integrationId)]);
    clock.advance(FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    for (const row of (await view()).rows)
      expect(row.today_quantity).toBeCloseTo(await processedTodayGb(row.resource_id), 6);
  });

  it('names a throttled read on the card, then catches up with no gap', async () => {
    simulator.faults.throttle('cloudwatch', 1);
    clock.advance(4 * FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    const during = await view();
    expect(during.meters[0]?.regions[0]?.error).toMatch(
      /throttling the meter's reads of NAT gateway usage in us-east-1/,
    );
    clock.advance(3 * FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    const after = await view();
    expect(after.meters[0]?.regions[0]?.error).toBeNull();
    for (const row of after.rows)
      expect(row.today_quantity).toBeCloseTo(await processedTodayGb(row.resource_id), 6);
  });

  it('sees the demo’s NAT egress leak: 182 GB an hour more is $8.19 an hour more', async () => {
    const started = await callAs(server, owner)('POST', '/api/demo/nat-egress-leak', {});
    expect(started.statusCode).toBe(200);
    const leak = started.json();
    expect(leak).toMatchObject({ region: 'us-east-1', account_id: accountId, gb_per_hour: 182 });
    const before = (await view()).rows.find((row) => row.resource_id === leak.nat_gateway_id);
    for (let read = 0; read < 12; read++) {
      clock.advance(FIVE_MINUTES);
      await meter.meterIntegration(integrationId);
    }
    const answer = await view();
    const row = answer.rows.find((entry) => entry.resource_id === leak.nat_gateway_id);
    const addedGb = (row?.last_hour_quantity ?? 0) - (before?.last_hour_quantity ?? 0);
    expect(addedGb).toBeCloseTo(182, 0);
    expect((row?.usd_per_hour ?? 0) - (before?.usd_per_hour ?? 0)).toBeCloseTo(8.19, 1);
    expect(answer.rows[0]?.resource_id).toBe(leak.nat_gateway_id);
  });

  it('reads a region where the account just started a NAT gateway from the next read, not the next discovery', async () => {
    const regionsRead = async () =>
      new Map(
        (await view()).meters
          .find((entry) => entry.integration_id === integrationId)
          ?.regions.map((region) => [region.region, region.last_read_at]),
      );
    // Over an hour on, the next read discovers the regions again: us-east-1 alone, fresh for an hour.
    clock.advance(13 * FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    expect([...(await regionsRead()).keys()]).toEqual(['us-east-1']);

    // CloudTrail's calls as the customer's EventBridge rule posts them: a NAT gateway in eu-west-1, a
    // database in us-west-2 (which starts nothing the meter reads).
    const caller = (region: 'eu-west-1' | 'us-west-2') => ({ accountId, region, userName: 'ops-bot' });
    const events = [
      ...simulator.changeResource(caller('eu-west-1'), { kind: 'create-nat-gateway' }).events,
      ...simulator.changeResource(caller('us-west-2'), {
        kind: 'create-db-instance',
        dbInstanceIdentifier: 'orders',
        dbInstanceClass: 'db.r6g.large',
        multiAz: false,
      }).events,
    ];
    const { secret } = (
      await callAs(server, owner)('POST', `/api/integrations/${integrationId}/launch-events/secret`)
    ).json();
    const posted = await server.app.inject({
      method: 'POST',
      url: `/api/aws-events/${integrationId}`,
      headers: { 'x-spendguard-events-secret': secret },
      payload: events,
    });
    expect(posted.statusCode, posted.body).toBe(202);
    expect(posted.json()).toMatchObject({ fresh: 2 });

    clock.advance(FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    const readAt = clock.now().getTime();
    const read = await regionsRead();
    expect([...read.keys()].sort()).toEqual(['eu-west-1', 'us-east-1']);
    expect(Date.parse(read.get('eu-west-1') ?? '')).toBeGreaterThan(readAt - FIVE_MINUTES);

    // An hour after the launch, a region where nothing was metered is no longer read.
    clock.advance(13 * FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    expect((await regionsRead()).get('eu-west-1')).toBe(read.get('eu-west-1'));
  });

  it('answers 409 for the demo leak without a simulated account, and 400 naming a bad gb_per_hour', async () => {
    const lonely = await signUpVerified(server, 'lonely@meter.test', 'Lena Lonely');
    const refused = await callAs(server, lonely)('POST', '/api/demo/nat-egress-leak', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Code: 'NoSimulatorIntegration' });
    const bad = await callAs(server, owner)('POST', '/api/demo/nat-egress-leak', { gb_per_hour: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/gb_per_hour/);
  });

  it('names a role without cloudwatch:GetMetricData on the card, and meters nothing for it', async () => {
    const roleArn = `arn:aws:iam::${accountId}:role/NoCloudWatch`;
    simulator.registerRole(roleArn, simulator.company.demoExternalId, {
      permissions: READ_ONLY_PERMISSIONS.filter((action) => !action.startsWith('cloudwatch:')),
    });
    const other = await signUpVerified(server, 'other@meter.test', 'Otto Other');
    const denied = await connectSimulatedAccount(server, other, simulator, { name: 'Denied', roleArn });
    await meter.meterIntegration(denied.integrationId);
    const answer = await view(other);
    expect(answer.rows).toEqual([]);
    expect(answer.meters[0]?.regions[0]?.error).toMatch(
      /lacks cloudwatch:(ListMetrics|GetMetricData) in us-east-1 \(AccessDenied\)/,
    );
  });

  it("shows a member restricted to teams only the rows of their teams' accounts", async () => {
    const as = callAs(server, owner);
    const team = async (name: string, account: string) => {
      const created = await as('POST', '/api/teams', {
        name,
        member_ids: [],
        scope: { account_ids: [account], tags: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    const ours = await inviteNewPerson(server, owner, {
      email: 'network@meter.test',
      role: 'member',
      teamId: await team('Network', accountId),
    });
    const theirs = await inviteNewPerson(server, owner, {
      email: 'elsewhere@meter.test',
      role: 'member',
      teamId: await team('Elsewhere', '999999999999'),
    });
    const everything = (await view(owner)).rows.length;
    expect(everything).toBeGreaterThan(0);
    expect((await view(ours)).rows).toHaveLength(everything);
    const hidden = await view(theirs);
    expect(hidden.rows).toEqual([]);
    expect(hidden.meters.flatMap((meter) => meter.accuracy)).toEqual([]);
  });

  it('answers 404 for another organization’s integration, and shows it none of the rows', async () => {
    const stranger = await signUpVerified(server, 'stranger@meter.test', 'Sam Stranger');
    const response = await callAs(server, stranger)(
      'GET',
      `/api/usage-meter?integration_id=${integrationId}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Code: 'NotFound' });
    expect((await view(stranger)).rows).toEqual([]);
    const malformed = await callAs(server, owner)('GET', '/api/usage-meter?integration_id=nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Message).toMatch(/integration_id/);
  });
});
