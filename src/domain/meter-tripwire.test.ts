import { describe, expect, it } from 'vitest';
import { TRIPWIRE_HISTORY_MS, tripwireJumped } from './meter-tripwire.ts';

const FIVE_MINUTES = 300_000;
const END = Date.UTC(2026, 11, 7, 12, 0);
const rule = { factor: 3, minimumPerHour: 10_000 };

/** The three hours before END in five-minute periods, each holding `usual`, the latest `latest`. */
function hours(usual: number, latest: number | undefined) {
  const periods = [];
  for (let start = END - TRIPWIRE_HISTORY_MS; start < END - FIVE_MINUTES; start += FIVE_MINUTES)
    periods.push({ periodStartMs: start, quantity: usual });
  if (latest !== undefined) periods.push({ periodStartMs: END - FIVE_MINUTES, quantity: latest });
  return periods;
}

const window = { endMs: END, periodMs: FIVE_MINUTES };

describe('the meter’s account-level tripwire', () => {
  it('trips when the latest ended period runs more than three times the usual pace of the hours before', () => {
    // 1,000 invocations a period is 12,000 an hour; a loop's 5,000 is 60,000 an hour.
    expect(tripwireJumped(hours(1_000, 5_000), window, rule)).toBe(true);
  });

  it('does not trip on a quiet account, nor at just three times the usual pace', () => {
    expect(tripwireJumped(hours(1_000, 1_100), window, rule)).toBe(false);
    expect(tripwireJumped(hours(1_000, 3_000), window, rule)).toBe(false);
  });

  it('needs the minimum above the usual pace: ten times a tiny pace is no jump', () => {
    // 10 a period is 120 an hour; 100 a period is 1,200 an hour, 1,080 more: under 10,000.
    expect(tripwireJumped(hours(10, 100), window, rule)).toBe(false);
    // An account that was idle trips once the latest period alone passes the minimum (834 × 12 > 10,000).
    expect(tripwireJumped(hours(0, 834), window, rule)).toBe(true);
  });

  it('counts a period without a datapoint as none in the history, and a latest period without one as no jump', () => {
    const sparse = hours(1_000, 5_000).filter((_, index) => index % 2 === 0 || index === 35);
    expect(tripwireJumped(sparse, window, rule)).toBe(true);
    expect(tripwireJumped(hours(1_000, undefined), window, rule)).toBe(false);
  });

  it('judges the period ending at the window’s end: an older spike already read is not a jump now', () => {
    const spikeBefore = hours(1_000, 1_000).map((period, index) =>
      index === 20 ? { ...period, quantity: 50_000 } : period,
    );
    expect(tripwireJumped(spikeBefore, window, rule)).toBe(false);
  });
});
