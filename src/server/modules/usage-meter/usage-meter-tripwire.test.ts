import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../../contracts/usage-meter.ts';
import { tripwireMetricsOf } from '../../../domain/meter-tripwire.ts';
import { meterMonthlyCostUsd, tripwireReadShape } from '../../../domain/usage-meter-cost.ts';
import type { MeteredService } from '../../../domain/usage-prices.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  closeUsageMeterWorld,
  startUsageMeterWorld,
  type UsageMeterWorld,
  usageMeterViewOf,
} from '../../testing/usage-meter-fixtures.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

/**
 * The meter's account-level tripwire (docs/decisions/136, 145) through the real CloudWatch SDK against
 * the simulator, at the default cadences (300 s interval and periods, Lambda hourly, Logs every 30
 * minutes; each scenario starts well before its service is due): a quiet account is not read early;
 * the demo's logging flood, calls that run far longer and the Lambda loop get their per-resource read
 * at the first read after the period they jumped in, which holds their first minutes; the card's cost
 * counts the tripwire's metrics.
 */
let world: UsageMeterWorld;
let clock: TestClock;
let server: TestApp;
let meter: UsageMeterService;
let owner: Person;
let integrationId: string;

const FIVE_MINUTES = 300_000;

const cardOf = (answer: UsageMeterView) =>
  answer.meters.find((entry) => entry.integration_id === integrationId)!;

/** When the card says a service was last read (its latest read in any region). */
async function lastReadOf(service: string): Promise<string | null> {
  const card = cardOf(await usageMeterViewOf(server, owner));
  return card.services.find((entry) => entry.service === service)!.last_read_at;
}

async function readAfterFiveMinutes() {
  clock.advance(FIVE_MINUTES);
  await meter.meterIntegration(integrationId);
}

beforeAll(async () => {
  world = await startUsageMeterWorld({ ownerEmail: 'owner@tripwire.test', env: {} });
  ({ clock, server, meter, owner, integrationId } = world);
  // Start on a period boundary, so a scenario started now fills the next period.
  clock.advance(FIVE_MINUTES - (clock.now().getTime() % FIVE_MINUTES));
  await meter.meterIntegration(integrationId);
}, 120_000);
afterAll(() => closeUsageMeterWorld(world));

describe('the meter’s account-level tripwire', () => {
  it('leaves Lambda and Logs to their cadence on a quiet account', async () => {
    const lambdaAt = await lastReadOf('lambda');
    const logsAt = await lastReadOf('logs');
    const natAt = await lastReadOf('nat-gateway');
    for (let read = 0; read < 3; read++) await readAfterFiveMinutes();
    expect(await lastReadOf('nat-gateway')).not.toBe(natAt);
    expect(await lastReadOf('lambda')).toBe(lambdaAt);
    expect(await lastReadOf('logs')).toBe(logsAt);
  });

  it('reads Logs per log group at the first read after the flood’s first period', async () => {
    const lambdaAt = await lastReadOf('lambda');
    const flood = await callAs(server, owner)('POST', '/api/demo/logging-flood', {});
    expect(flood.statusCode).toBe(200);
    await readAfterFiveMinutes();
    expect(await lastReadOf('logs')).toBe(clock.now().toISOString());
    expect(await lastReadOf('lambda')).toBe(lambdaAt);
    const row = (await usageMeterViewOf(server, owner)).rows.find(
      (entry) => entry.charge === 'logs-ingested' && entry.resource_id === flood.json().resource_id,
    )!;
    // 40 GB an hour: its first five minutes, 3.3 GB.
    expect(row.last_hour_quantity).toBeGreaterThan(3.3);
  });

  it('reads Lambda per function at the first read after its calls start running far longer, at about the same calls', async () => {
    // A hung downstream: 100 calls a minute more (6,000 an hour, under the requests' minimum), each
    // running to the 15-minute timeout: 25 hours of run time a minute.
    const slow = await callAs(server, owner)('POST', '/api/demo/lambda-loop', {
      invocations_per_minute: 100,
      duration_ms: 900_000,
    });
    expect(slow.statusCode).toBe(200);
    await readAfterFiveMinutes();
    expect(await lastReadOf('lambda')).toBe(clock.now().toISOString());
    const row = (await usageMeterViewOf(server, owner)).rows.find(
      (entry) =>
        entry.charge.startsWith('lambda-gb-seconds') && entry.resource_id === slow.json().resource_id,
    )!;
    // Its first five minutes: 500 calls of 900 s, at 128 MB at least.
    expect(row.last_hour_quantity).toBeGreaterThan(500 * 900 * (128 / 1024));
  });

  it('reads Lambda per function at the first read after the loop’s first period, and prices the loop', async () => {
    const loop = await callAs(server, owner)('POST', '/api/demo/lambda-loop', {});
    expect(loop.statusCode).toBe(200);
    await readAfterFiveMinutes();
    expect(await lastReadOf('lambda')).toBe(clock.now().toISOString());
    const row = (await usageMeterViewOf(server, owner)).rows.find(
      (entry) => entry.charge === 'lambda-requests' && entry.resource_id === loop.json().resource_id,
    )!;
    // 60,000 invocations a minute: the loop's first five minutes are in the last hour already.
    expect(row.last_hour_quantity).toBeGreaterThan(300_000);
  });

  it('counts the tripwire’s metrics a read in the card’s monthly cost, per region where Lambda or Logs has resources', async () => {
    const card = cardOf(await usageMeterViewOf(server, owner));
    const perResource = card.regions.map((region) => ({
      metricsPerRead: region.metrics_per_read,
      readEveryMs: region.read_every_seconds * 1000,
    }));
    const watched = new Set(
      card.regions
        .filter((region) => ['lambda', 'logs'].includes(region.service) && region.metrics_per_read > 0)
        .map((region) => `${region.region} ${region.service} ${region.read_every_seconds}`),
    );
    expect(watched.size).toBeGreaterThan(1);
    const tripwire = [...watched].map((key) => {
      const [, service, everySeconds] = key.split(' ');
      return tripwireReadShape(
        tripwireMetricsOf(service as MeteredService),
        FIVE_MINUTES,
        Number(everySeconds) * 1000,
      )!;
    });
    expect(card.monthly_cost_usd).toBe(meterMonthlyCostUsd([...perResource, ...tripwire]));
    expect(card.monthly_cost_usd).toBeGreaterThan(meterMonthlyCostUsd(perResource));
  });
});
