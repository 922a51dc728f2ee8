import { describe, expect, it } from 'vitest';
import {
  meterMonthlyCostUsd,
  metricsPerMonth,
  serviceReadEveryMs,
  tripwireReadShape,
} from './usage-meter-cost.ts';

describe('the meter’s own cost', () => {
  it('is $0.01 per 1,000 metrics: two metrics a NAT gateway every five minutes are 17,280 a month, $0.17', () => {
    const reads = [{ metricsPerRead: 2, readEveryMs: 300_000 }];
    expect(metricsPerMonth(reads)).toBe(17_280);
    expect(meterMonthlyCostUsd(reads)).toBe(0.17);
  });

  it('adds the services at their own cadence: 48 Lambda metrics every 30 minutes are 69,120 a month', () => {
    expect(
      meterMonthlyCostUsd([
        { metricsPerRead: 4, readEveryMs: 300_000 },
        { metricsPerRead: 48, readEveryMs: 1_800_000 },
      ]),
    ).toBe(1.04);
  });

  it('reads a service no more often than the interval, and no less often than its own cadence', () => {
    expect(serviceReadEveryMs(300, 1800)).toBe(1_800_000);
    expect(serviceReadEveryMs(300, undefined)).toBe(300_000);
    expect(serviceReadEveryMs(3600, 1800)).toBe(3_600_000);
  });
});

describe('the tripwire’s own cost', () => {
  it('is one metric every interval the service is not due: at 300 s with Lambda every 40 minutes, 7,560 a month, $0.08', () => {
    const shape = tripwireReadShape(1, 300_000, 2_400_000)!;
    expect(metricsPerMonth([shape])).toBeCloseTo(8_640 - 1_080);
    expect(meterMonthlyCostUsd([shape])).toBe(0.08);
  });

  it('costs nothing for a service read at every interval', () => {
    expect(tripwireReadShape(1, 300_000, 300_000)).toBeUndefined();
  });
});
