/** The spend chart's y-axis: round ticks from $0 to just above the tallest bar, as Cost Explorer draws it. */

export interface UsdAxis {
  /** From $0 up, one step apart; the last one is `max`. */
  ticks: number[];
  /** The top of the axis: the last tick, at or above the tallest bar. */
  max: number;
  /** Dollars between ticks; a fraction when the axis counts cents. */
  step: number;
}

const NICE_MULTIPLES = [1, 2, 2.5, 5];
const MAX_INTERVALS = 5;
// Sums of many float amounts land a hair above a round top ($2,500.0000001); that is still $2,500.
const ROUNDING_SLACK = 1e-9;

/**
 * Ticks at 1, 2, 2.5 or 5 times a power of ten, 4 to 6 of them. Steps are whole cents, never
 * less than one, since tooltips show cents: a bar worth $0.004 sits under a $0.01 tick.
 */
export function niceUsdAxis(tallest: number): UsdAxis {
  const tallestCents = tallest * 100;
  if (!(tallestCents > 0) || !Number.isFinite(tallestCents)) return { ticks: [0, 1], max: 1, step: 1 };
  const stepCents = niceStepCents(tallestCents);
  const intervals = Math.ceil(tallestCents / stepCents - ROUNDING_SLACK);
  // Whole cents divided by 100 give the same number as the decimal literal: 0.3, not 0.30000000000000004.
  const ticks = Array.from({ length: intervals + 1 }, (_, index) => (index * stepCents) / 100);
  return { ticks, max: ticks[intervals] ?? 0, step: stepCents / 100 };
}

/** The smallest nice step, in whole cents, that reaches `tallestCents` in at most five intervals. */
function niceStepCents(tallestCents: number): number {
  for (let power = 1; ; power *= 10) {
    for (const multiple of NICE_MULTIPLES) {
      const step = multiple * power;
      if (Number.isInteger(step) && tallestCents / step - ROUNDING_SLACK <= MAX_INTERVALS) return step;
    }
  }
}

/**
 * Where the tallest bar ends. Recharts stacks series in order from where the previous one ended, so
 * a credit (a negative amount) drawn after usage pulls the bar back down from a top it already reached:
 * the top is the highest running sum of a bucket, which is its total when no amount is negative.
 */
export function tallestStackOf(
  rows: ReadonlyArray<Record<string, string | number>>,
  keys: readonly string[],
): number {
  let tallest = 0;
  for (const row of rows) {
    let running = 0;
    for (const key of keys) {
      const amount = row[key];
      if (typeof amount === 'number') running += amount;
      tallest = Math.max(tallest, running);
    }
  }
  return tallest;
}
