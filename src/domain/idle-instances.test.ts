import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from './calendar-days.ts';
import { evaluateIdleInstance, type InstanceDayMetrics, idleInstanceDedupeKey } from './idle-instances.ts';

const windowEnd = '2026-11-21';
const windowDays = eachDay(addDays(windowEnd, -13), windowEnd);
const busy = { maxCpuPercent: 55, networkInBytes: 800_000_000, networkOutBytes: 900_000_000 };
const quiet = { maxCpuPercent: 4, networkInBytes: 1_000_000, networkOutBytes: 1_000_000 };

/** 14 days: the first `lowDays` quiet (or `low` as given), the rest busy. */
function fortnight(lowDays: number, low: Partial<InstanceDayMetrics> = quiet): InstanceDayMetrics[] {
  return windowDays.map((date, i) => ({ date, ...(i < lowDays ? { ...quiet, ...low } : busy) }));
}
const evaluate = (days: InstanceDayMetrics[], hourlyCostUsd: number | null = 0.096) =>
  evaluateIdleInstance({ days, windowEnd, hourlyCostUsd });

describe("Trusted Advisor's low-use rule: 4 of the last 14 days", () => {
  it('finds an instance idle on exactly 4 low-use days', () => {
    expect(evaluate(fortnight(4))).toMatchObject({ verdict: 'idle', lowUseDays: 4 });
  });
  it('finds it in use on 3', () => {
    expect(evaluate(fortnight(3))).toMatchObject({ verdict: 'in-use', lowUseDays: 3 });
  });
  it('counts a day at exactly 10% CPU as low use, not 10.01%', () => {
    expect(evaluate(fortnight(4, { maxCpuPercent: 10 })).verdict).toBe('idle');
    expect(evaluate(fortnight(4, { maxCpuPercent: 10.01 })).verdict).toBe('in-use');
  });
  it('counts exactly 5 MB (5,000,000 bytes) in + out as low use, not one byte more', () => {
    expect(evaluate(fortnight(4, { networkInBytes: 2_000_000, networkOutBytes: 3_000_000 })).verdict).toBe(
      'idle',
    );
    expect(evaluate(fortnight(4, { networkInBytes: 2_000_000, networkOutBytes: 3_000_001 })).verdict).toBe(
      'in-use',
    );
  });
  it('takes a MB as 10^6 bytes, so 5 MiB of traffic is not low use', () => {
    expect(evaluate(fortnight(4, { networkInBytes: 5 * 1_048_576, networkOutBytes: 0 })).verdict).toBe(
      'in-use',
    );
  });
  it('needs both quiet CPU and quiet network on the same day', () => {
    expect(evaluate(fortnight(6, { maxCpuPercent: 2, networkInBytes: 900_000_000 })).verdict).toBe('in-use');
  });
  it('ignores days outside the 14-day window', () => {
    const older = eachDay('2026-10-01', '2026-10-20').map((date) => ({ date, ...quiet }));
    expect(evaluate([...older, ...fortnight(0)]).verdict).toBe('in-use');
  });
});

describe('terminate candidates', () => {
  it('are instances whose CPU stayed at or under 1% on all 14 days', () => {
    const asleep = windowDays.map((date) => ({ date, ...busy, maxCpuPercent: 1 }));
    expect(evaluate(asleep)).toMatchObject({ verdict: 'terminate-candidate', peakCpuPercent: 1 });
  });
  it('include ones with network traffic, as long as CPU stays under 1%', () => {
    const chatty = windowDays.map((date) => ({ date, ...busy, maxCpuPercent: 0.4 }));
    expect(evaluate(chatty).verdict).toBe('terminate-candidate');
  });
  it('need all 14 days of CPU data', () => {
    const asleep = windowDays.slice(1).map((date) => ({ date, ...quiet, maxCpuPercent: 0.5 }));
    expect(evaluate(asleep).verdict).toBe('idle');
  });
  it('are not ones that reached 1.01% on one day', () => {
    const days = windowDays.map((date, i) => ({ date, ...quiet, maxCpuPercent: i === 5 ? 1.01 : 0.5 }));
    expect(evaluate(days).verdict).toBe('idle');
  });
});

describe('missing days', () => {
  it('still finds idle when 4 observed days are low-use', () => {
    const days = fortnight(4).filter((_, i) => i < 4 || i > 9);
    expect(evaluate(days)).toMatchObject({ verdict: 'idle', observedDays: 8 });
  });
  it('finds in use when the missing days could not have made it idle', () => {
    const days = fortnight(1).filter((_, i) => i !== 13 && i !== 12);
    expect(evaluate(days).verdict).toBe('in-use');
  });
  it('cannot tell when the missing days could have made it idle', () => {
    const days = fortnight(1).filter((_, i) => i < 11);
    expect(evaluate(days)).toMatchObject({ verdict: 'not-enough-data', lowUseDays: 1 });
  });
  it('treats a quiet-CPU day without network data as unknown, a busy-CPU one as busy', () => {
    const days = windowDays.map((date, i) => ({
      date,
      maxCpuPercent: i < 4 ? 3 : 80,
      networkInBytes: null,
      networkOutBytes: null,
    }));
    expect(evaluate(days)).toMatchObject({ verdict: 'not-enough-data', lowUseDays: 0, observedDays: 0 });
  });
  it('cannot tell anything without metrics', () => {
    expect(evaluate([])).toMatchObject({
      verdict: 'not-enough-data',
      peakCpuPercent: null,
      monthlyWasteUsd: 0,
    });
  });
});

describe('estimated monthly waste', () => {
  it('is the hourly cost for 730 hours when idle', () => {
    expect(evaluate(fortnight(4), 0.096).monthlyWasteUsd).toBeCloseTo(70.08, 10);
  });
  it('is nothing when the instance works', () => {
    expect(evaluate(fortnight(0), 0.096).monthlyWasteUsd).toBe(0);
  });
  it('is unknown without a price', () => {
    expect(evaluate(fortnight(4), null).monthlyWasteUsd).toBeNull();
  });
});

describe('explanations', () => {
  it('says how many days were quiet and which rule it follows', () => {
    expect(evaluate(fortnight(6)).why).toBe(
      "On 6 of the last 14 days CPU stayed at or under 10% and network at or under 5 MB (AWS Trusted Advisor's idle rule).",
    );
  });
});

it('reports an idle instance once a month', () => {
  expect(idleInstanceDedupeKey('r1', 'i-0abc', '2026-11-21')).toBe('idle-ec2:r1:i-0abc:2026-11');
});
