import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../../contracts/usage-meter.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { meterPollingSeconds, startUsageMeter } from '../../jobs/meter-usage.job.ts';
import { connectSimulatedAccount, waitUntil } from '../../testing/launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The meter as the worker runs it: a pg-boss job that reads, then sends itself METER_INTERVAL_SECONDS later. */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let owner: Person;

async function view(): Promise<UsageMeterView> {
  const response = await callAs(server, owner)('GET', '/api/usage-meter');
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  server = await createTestApp({
    queue: true,
    clock,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { USAGE_METER: 'on', METER_INTERVAL_SECONDS: '5', METER_SERVICES: 'nat-gateway' },
  });
  owner = await signUpVerified(server, 'owner@meter-job.test', 'Olivia Owner');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe('the meter-usage job', () => {
  it('meters a connected AWS role, then reads again every METER_INTERVAL_SECONDS', async () => {
    const { integrationId } = await connectSimulatedAccount(server, owner, simulator, { name: 'Acme' });
    const queue = server.context.queue;
    if (!queue) throw new Error('the test app runs a queue');
    await startUsageMeter(queue, integrationId);
    const first = await waitUntil(view, (answer) => answer.rows.length > 0);
    const readAt = first.meters[0]?.regions[0]?.last_read_at;
    expect(first.interval_seconds).toBe(5);
    clock.advance(5 * 60_000);
    const next = await waitUntil(view, (answer) => answer.meters[0]?.regions[0]?.last_read_at !== readAt);
    const today = (answer: UsageMeterView) =>
      answer.rows.reduce((sum, row) => sum + (row.today_quantity ?? 0), 0);
    expect(today(next)).toBeGreaterThan(today(first));
  }, 60_000);
});

describe("the meter's worker polling", () => {
  it('asks for due reads a tenth of the interval apart, so a read starts at most that late', () => {
    expect(meterPollingSeconds(5)).toBe(0.5);
    expect(meterPollingSeconds(60)).toBe(6);
    expect(meterPollingSeconds(300)).toBe(10);
    expect(meterPollingSeconds(1)).toBe(0.5);
  });
});
