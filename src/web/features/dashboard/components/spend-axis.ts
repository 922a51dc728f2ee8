/**
 * The spend chart's y-axis: round ticks from $0 to just above the tallest bar, as Cost Explorer draws
 * it, and below $0 as far as credits and refunds take a bar.
 */

export interface UsdAxis {
  /** From `min` up to `max`, one step apart, through $0. */
  ticks: number[];
  /** The bottom of the axis: $0, or the first tick at or below the lowest bar. */
  min: number;
  /** The top of the axis: the last tick, at or above the tallest bar. */
  max: number;
  /** Dollars between ticks; a fraction when the axis counts cents. */
  step: number;
}

/** How high and how low a chart's stacked bars reach: `lowest` is at most $0, `highest` at least $0. */
export interface StackRange {
  lowest: number;
  highest: number;
}

const NICE_MULTIPLES = [1, 2, 2.5, 5];
const MAX_INTERVALS = 5;
// Sums of many float amounts land a hair above a round top ($2,500.0000001); that is still $2,500.
const ROUNDING_SLACK = 1e-9;
const NO_SPEND: UsdAxis = { ticks: [0, 1], min: 0, max: 1, step: 1 };

/**
 * Ticks at 1, 2, 2.5 or 5 times a power of ten, 4 to 6 of them (one more when the bars go both ways).
 * Steps are whole cents, never less than one, since tooltips show cents: a bar worth $0.004 sits under
 * a $0.01 tick.
 */
export function niceUsdAxis({ lowest, highest }: StackRange): UsdAxis {
  const topCents = Math.max(0, highest) * 100;
  const bottomCents = Math.min(0, lowest) * 100;
  const spanCents = topCents - bottomCents;
  if (!(spanCents > 0) || !Number.isFinite(spanCents)) return NO_SPEND;
  const stepCents = niceStepCents(spanCents);
  const below = Math.ceil(-bottomCents / stepCents - ROUNDING_SLACK);
  const above = Math.max(Math.ceil(topCents / stepCents - ROUNDING_SLACK), below === 0 ? 1 : 0);
  // Whole cents divided by 100 give the same number as the decimal literal: 0.3, not 0.30000000000000004.
  const ticks = Array.from({ length: below + above + 1 }, (_, index) => ((index - below) * stepCents) / 100);
  return { ticks, min: ticks[0] ?? 0, max: ticks.at(-1) ?? 0, step: stepCents / 100 };
}

/** The smallest nice step, in whole cents, that spans `spanCents` in at most five intervals. */
function niceStepCents(spanCents: number): number {
  for (let power = 1; ; power *= 10) {
    for (const multiple of NICE_MULTIPLES) {
      const step = multiple * power;
      if (Number.isInteger(step) && spanCents / step - ROUNDING_SLACK <= MAX_INTERVALS) return step;
    }
  }
}

/**
 * How far the bars reach. Recharts stacks series in order from where the previous one ended, so a credit
 * (a negative amount) drawn after usage pulls the bar back down from a top it already reached, and one
 * drawn first takes it below $0: the range is that of every running sum of a bucket.
 */
export function stackRangeOf(
  rows: ReadonlyArray<Record<string, string | number>>,
  keys: readonly string[],
): StackRange {
  let lowest = 0;
  let highest = 0;
  for (const row of rows) {
    let running = 0;
    for (const key of keys) {
      const amount = row[key];
      if (typeof amount === 'number') running += amount;
      highest = Math.max(highest, running);
      lowest = Math.min(lowest, running);
    }
  }
  return { lowest, highest };
}

/** How many bucket labels fit under the chart: a phone's width ("Nov 11" is about 40 px of its 260), or a desktop's. */
export const MOST_BUCKET_LABELS = { phone: 4, desktop: 15 } as const;

/**
 * Recharts' `interval` for the bucket axis: how many labels to skip between two shown, the same all the
 * way along ("Nov 1, 3, 5 … 29"), where recharts' own choice crowds the start and jumps at the end
 * ("… Nov 27, Nov 30"). Every label shows when they all fit.
 */
export function bucketLabelInterval(buckets: number, mostLabels: number): number {
  return Math.max(0, Math.ceil(buckets / mostLabels) - 1);
}
