import { GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../../contracts/usage-meter.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { connectSimulatedAccount, integrationsModuleOf } from '../../testing/launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUsageMeterService, type UsageMeterService } from './usage-meter.service.ts';

/**
 * The meter's period length (METER_PERIOD_SECONDS, docs/decisions/104) through the real CloudWatch SDK
 * against the simulator: one-minute periods count up to the last ended minute, and an operator who
 * changes the length between reads (five minutes to one and back) has every minute counted once.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let owner: Person;
let integrationId: string;
let meterIn: (periodSeconds: 60 | 300) => UsageMeterService;

const GB = 2 ** 30;
const MINUTE = 60_000;
const DAY = 86_400_000;

async function view(): Promise<UsageMeterView> {
  const response = await callAs(server, owner)('GET', '/api/usage-meter');
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What CloudWatch itself says a gateway processed from midnight (UTC) to the last ended period of `periodMs`. */
async function processedTodayGb(natGatewayId: string, periodMs: number): Promise<number> {
  const nowMs = clock.now().getTime();
  const { cloudWatch } = simulatorClients(simulator);
  const answer = await cloudWatch.send(
    new GetMetricDataCommand({
      StartTime: new Date(Math.floor(nowMs / DAY) * DAY),
      EndTime: new Date(Math.floor(nowMs / periodMs) * periodMs),
      MetricDataQueries: ['BytesOutToDestination', 'BytesOutToSource'].map((MetricName, index) => ({
        Id: `m${index}`,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/NATGateway',
            MetricName,
            Dimensions: [{ Name: 'NatGatewayId', Value: natGatewayId }],
          },
          Period: 60,
          Stat: 'Sum',
        },
      })),
    }),
  );
  return (answer.MetricDataResults ?? []).reduce(
    (sum, result) => sum + (result.Values ?? []).reduce((total, value) => total + value, 0) / GB,
    0,
  );
}

async function expectTodayAsCloudWatch(periodMs: number) {
  const rows = (await view()).rows;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row.today_quantity).toBeCloseTo(await processedTodayGb(row.resource_id, periodMs), 6);
}

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  server = await createTestApp({
    clock,
    aws: { ...simulatorAccess(simulator), demo: undefined, maxAttempts: 1 },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000', USAGE_METER: 'on', METER_SERVICES: 'nat-gateway' },
  });
  const integrations = integrationsModuleOf(server);
  // The same service as the worker's, at the period length the operator set.
  meterIn = (periodSeconds) =>
    createUsageMeterService({
      context: {
        ...server.context,
        config: {
          ...server.context.config,
          usageMeter: { ...server.context.config.usageMeter, periodSeconds },
        },
      },
      integrations,
    });
  owner = await signUpVerified(server, 'owner@period.test', 'Olivia Owner');
  ({ integrationId } = await connectSimulatedAccount(server, owner, simulator, { name: 'Acme' }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe('the meter’s period length', () => {
  it('keeps the five-minute default, and asks CloudWatch for five-minute periods', async () => {
    expect(server.context.config.usageMeter.periodSeconds).toBe(300);
    clock.advance(2 * MINUTE + 30_000);
    expect(await meterIn(300).meterIntegration(integrationId)).toBe('continue');
    await expectTodayAsCloudWatch(5 * MINUTE);
  });

  it('counts up to the last ended minute at one-minute periods, each minute once after the switch', async () => {
    clock.advance(3 * MINUTE);
    await meterIn(60).meterIntegration(integrationId);
    await expectTodayAsCloudWatch(MINUTE);
    clock.advance(7 * MINUTE);
    await meterIn(60).meterIntegration(integrationId);
    await expectTodayAsCloudWatch(MINUTE);
  });

  it('replaces the one-minute rows when the length goes back to five minutes, never adding to them', async () => {
    clock.advance(3 * MINUTE);
    await meterIn(300).meterIntegration(integrationId);
    await expectTodayAsCloudWatch(5 * MINUTE);
    clock.advance(6 * MINUTE);
    await meterIn(300).meterIntegration(integrationId);
    await expectTodayAsCloudWatch(5 * MINUTE);
  });
});
