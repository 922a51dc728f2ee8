import { describe, expect, it } from 'vitest';
import { usagePriceOf } from './usage-prices.ts';
import { usageSpendOf } from './usage-spend.ts';

const at = (iso: string) => Date.parse(iso);
const fiveMinutes = (fromIso: string, count: number, gb: number) =>
  Array.from({ length: count }, (_, index) => ({
    periodStartMs: at(fromIso) + index * 300_000,
    quantity: gb,
  }));

describe('usageSpendOf', () => {
  const nat = usagePriceOf('nat-gateway-data-processed', 'us-east-1');

  it('prices the last hour at $0.045 a GB: 182 GB is $8.19 an hour, $196.56 a day if it goes on', () => {
    const periods = [
      ...fiveMinutes('2026-12-06T08:00:00Z', 12, 1),
      ...fiveMinutes('2026-12-06T09:00:00Z', 12, 182 / 12),
    ];
    const spend = usageSpendOf(periods, nat, at('2026-12-06T10:00:00Z'));
    expect(spend.lastHourQuantity).toBeCloseTo(182, 6);
    expect(spend.usdPerHour).toBe(8.19);
    expect(spend.usdPerDay).toBe(196.56);
    expect(spend.todayQuantity).toBeCloseTo(194, 6);
    expect(spend.lastDatapointAtMs).toBe(at('2026-12-06T09:55:00Z'));
  });

  it('has no data, not $0, for a resource without datapoints', () => {
    const spend = usageSpendOf([], nat, at('2026-12-06T10:00:00Z'));
    expect(spend).toMatchObject({
      lastHourQuantity: null,
      usdPerHour: null,
      todayUsd: null,
      lastDatapointAtMs: null,
    });
  });

  it('says why a region without a price is not priced, and keeps the quantity', () => {
    const unknown = usagePriceOf('nat-gateway-data-processed', 'me-central-1');
    expect(unknown.status).toBe('unknown');
    const spend = usageSpendOf(
      fiveMinutes('2026-12-06T09:00:00Z', 12, 1),
      unknown,
      at('2026-12-06T10:00:00Z'),
    );
    expect(spend.lastHourQuantity).toBe(12);
    expect(spend.usdPerHour).toBeNull();
    expect(spend.priceUnknownReason).toMatch(/me-central-1.*Price List API/);
  });

  it('takes the Price List API price over the table when it answered', () => {
    expect(usagePriceOf('nat-gateway-data-processed', 'us-east-1', 0.05)).toEqual({
      status: 'priced',
      usdPerUnit: 0.05,
      source: 'AWS Price List API',
    });
  });
});
