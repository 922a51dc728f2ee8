import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import { integrationsModuleOf } from '../../testing/launch-event-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  closeUsageMeterWorld,
  natGatewayProcessedTodayGb,
  startUsageMeterWorld,
  type UsageMeterWorld,
  usageMeterViewOf,
} from '../../testing/usage-meter-fixtures.ts';
import { createUsageMeterService, type UsageMeterService } from './usage-meter.service.ts';

/**
 * The meter's period length (METER_PERIOD_SECONDS, docs/decisions/104) through the real CloudWatch SDK
 * against the simulator: one-minute periods count up to the last ended minute, and an operator who
 * changes the length between reads (five minutes to one and back) has every minute counted once.
 */
let world: UsageMeterWorld;
let clock: TestClock;
let server: TestApp;
let integrationId: string;
let meterIn: (periodSeconds: 60 | 300) => UsageMeterService;

const MINUTE = 60_000;

/** What CloudWatch itself says a gateway processed from midnight (UTC) to the last ended period of `periodMs`. */
const processedTodayGb = (natGatewayId: string, periodMs: number) =>
  natGatewayProcessedTodayGb(world, natGatewayId, periodMs, 60);

async function expectTodayAsCloudWatch(periodMs: number) {
  const rows = (await usageMeterViewOf(world.server, world.owner)).rows;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row.today_quantity).toBeCloseTo(await processedTodayGb(row.resource_id, periodMs), 6);
}

beforeAll(async () => {
  world = await startUsageMeterWorld({
    ownerEmail: 'owner@period.test',
    env: { METER_SERVICES: 'nat-gateway' },
  });
  ({ clock, server, integrationId } = world);
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
}, 60_000);
afterAll(() => closeUsageMeterWorld(world));

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
