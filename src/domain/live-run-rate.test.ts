import { describe, expect, it } from 'vitest';
import { readLaunchEvent } from './launch-changes.ts';
import type { Ec2PriceLookup } from './launch-prices.ts';
import { buildLiveLedger } from './live-ledger.ts';
import { billedThroughMs, liveRunRate, priceLedgerRows, projectMonthEnd } from './live-run-rate.ts';
import { cloudTrailCall, runInstances, stateChange } from './testing/launch-event-fixtures.ts';

const PRICES: Record<string, number> = { 'p4d.24xlarge': 32.7726, 'm5.large': 0.096 };
const catalog: Ec2PriceLookup = (type) => PRICES[type];

function pricedRows(...events: unknown[]) {
  const changes = events.flatMap((event) => {
    const read = readLaunchEvent(event);
    return read.ok ? read.value.changes : [];
  });
  return priceLedgerRows(buildLiveLedger(changes).rows, catalog);
}

const gpuIds = Array.from({ length: 8 }, (_, index) => `i-0gpu${index}`);

describe('live run-rate and month-end projection', () => {
  it('adds eight p4d.24xlarge at about $262 an hour', () => {
    const rows = pricedRows(runInstances(gpuIds, 'p4d.24xlarge', '2026-11-25T09:00:00Z'));
    const rate = liveRunRate(rows, { atMs: Date.parse('2026-11-25T09:01:00Z') });
    expect(rate.usdPerHour).toBeCloseTo(262.18, 2);
    expect(rate.running).toHaveLength(8);
    expect(rate.unpriced).toEqual([]);
  });

  it("keeps a launch on the bill data's last, partial day live until a later day is billed", () => {
    const rows = pricedRows(runInstances(gpuIds, 'p4d.24xlarge', '2026-11-25T09:00:00Z'));
    const atMs = Date.parse('2026-11-25T20:00:00Z');
    const sameDay = liveRunRate(rows, { atMs, billingDataEndsAtMs: billedThroughMs('2026-11-25') });
    expect(sameDay.running).toHaveLength(8);
    const nextDay = liveRunRate(rows, { atMs, billingDataEndsAtMs: billedThroughMs('2026-11-26') });
    expect(nextDay.running).toEqual([]);
  });

  it('lists an instance without a known type as unpriced instead of counting it as free', () => {
    const rows = pricedRows(
      runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z'),
      stateChange('i-old', 'running', '2026-11-25T09:00:00Z'),
    );
    const rate = liveRunRate(rows, { atMs: Date.parse('2026-11-25T10:00:00Z') });
    expect(rate.usdPerHour).toBe(0.096);
    expect(rate.unpriced.map((row) => [row.resource.id, row.unknownReason])).toEqual([
      ['i-old', 'The event does not name the instance type.'],
    ]);
    const inventory = (instanceId: string) => (instanceId === 'i-old' ? 'm5.large' : undefined);
    const named = liveRunRate(priceLedgerRows(rows, catalog, { knownInstanceType: inventory }), {
      atMs: Date.parse('2026-11-25T10:00:00Z'),
    });
    expect(named.usdPerHour).toBe(0.192);
    expect(named.unpriced).toEqual([]);
  });

  it('projects the month end from what ran and what still runs, after the bill data only', () => {
    const rows = pricedRows(
      runInstances(['i-1', 'i-2'], 'm5.large', '2026-11-29T00:00:00Z'),
      stateChange('i-2', 'terminated', '2026-11-29T12:00:00Z'),
      runInstances(['i-billed'], 'p4d.24xlarge', '2026-11-20T00:00:00Z'),
    );
    const projection = projectMonthEnd(rows, {
      atMs: Date.parse('2026-11-30T00:00:00Z'),
      billingDataEndsAtMs: Date.parse('2026-11-28T00:00:00Z'),
    });
    // i-1: 24 h so far and 24 h to go; i-2: 12 h; the GPU box is in the bill already.
    expect(projection).toMatchObject({
      monthStart: '2026-11-01T00:00:00.000Z',
      monthEnd: '2026-12-01T00:00:00.000Z',
      accruedUsd: 3.456,
      remainingUsd: 2.304,
      projectedUsd: 5.76,
      unpriced: [],
    });
  });

  it('counts a resize by its difference, and only when the size before is known', () => {
    const rows = pricedRows(
      runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z'),
      stateChange('i-1', 'stopped', '2026-11-25T10:00:00Z'),
      cloudTrailCall('aws.ec2', 'ModifyInstanceAttribute', '2026-11-25T10:01:00Z', {
        requestParameters: { instanceId: 'i-1', instanceType: { value: 'p4d.24xlarge' } },
      }),
      stateChange('i-1', 'running', '2026-11-25T10:02:00Z'),
      cloudTrailCall('aws.rds', 'ModifyDBInstance', '2026-11-25T10:00:00Z', {
        requestParameters: { dBInstanceIdentifier: 'orders', dBInstanceClass: 'db.r6g.2xlarge' },
      }),
    );
    const rate = liveRunRate(rows, { atMs: Date.parse('2026-11-25T11:00:00Z') });
    expect(rate.usdPerHour).toBe(32.7726);
    expect(rate.unpriced.map((row) => row.resource.id)).toEqual(['orders']);
    expect(rate.unpriced[0]?.usdPerHour).toBe(0.899);
  });
});
