/** Deterministic daily cost series for the forecast and alert tests. */

import { eachDay, type IsoDay, weekdayOf } from '../calendar-days.ts';
import type { DailyCost } from '../daily-costs.ts';

/** Seeded uniform numbers in [0, 1) (mulberry32), so a "noisy" test is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal numbers from a uniform source (Box-Muller). */
export function seededNormal(seed: number): () => number {
  const uniform = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(uniform() || Number.MIN_VALUE)) * Math.cos(2 * Math.PI * uniform());
}

/** One entry per day from `start` to `end`, the amount given by `amountOf(day, index)`. */
export function dailyCosts(
  start: IsoDay,
  end: IsoDay,
  amountOf: (day: IsoDay, index: number) => number,
): DailyCost[] {
  return eachDay(start, end).map((date, index) => ({ date, amount: amountOf(date, index) }));
}

export const isWeekend = (day: IsoDay) => weekdayOf(day) === 0 || weekdayOf(day) === 6;
