/**
 * Descriptive statistics the cost rules share. Robust ones (median, MAD, Theil-Sen) are preferred:
 * a single day with a one-off charge must not move a baseline or a trend.
 */

/** Standard normal quantile for a two-sided 80% interval (the 90th percentile). */
export const Z_FOR_80_PERCENT_INTERVAL = 1.2815515655446004;

/** Scales a median absolute deviation to a standard deviation for normally distributed data. */
export const MAD_TO_STANDARD_DEVIATION = 1.4826;

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of no values');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The p-th percentile (0-100) by linear interpolation between closest ranks: rank = p/100 x (n - 1)
 * over the sorted values (NumPy's default, Excel's PERCENTILE.INC). The 50th is the median.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of 0-100: ${p}`);
  const copy = Float64Array.from(values);
  const rank = (p / 100) * (copy.length - 1);
  const below = Math.floor(rank);
  const low = selectNth(copy, below);
  // After selection every value right of `below` is at least `low`: the next rank is their minimum.
  let high = low;
  if (rank > below) {
    high = Number.POSITIVE_INFINITY;
    for (let i = below + 1; i < copy.length; i++) if (copy[i]! < high) high = copy[i]!;
  }
  return low + (high - low) * (rank - below);
}

/**
 * The n-th smallest value (0-based), found by quickselect in place: `values` ends with smaller
 * values left of n and larger ones right of it. Linear on average, where sorting is n log n; the
 * forecast takes thousands of medians.
 */
function selectNth(values: Float64Array, n: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (n <= j) right = j;
    else if (n >= i) left = i;
    else return values[n]!;
  }
  return values[n]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Median of the absolute distances to the median. */
export function medianAbsoluteDeviation(values: readonly number[]): number {
  const centre = median(values);
  return median(values.map((value) => Math.abs(value - centre)));
}

/** A standard deviation estimated from the MAD, so one outlier cannot inflate it. */
export function robustStandardDeviation(values: readonly number[]): number {
  return MAD_TO_STANDARD_DEVIATION * medianAbsoluteDeviation(values);
}

export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const centre = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (values.length - 1));
}

/**
 * Theil-Sen slope of equally spaced values (per step): the median of the slopes between every pair
 * of points. Up to ~29% of the points can be wild without moving it.
 */
export function theilSenSlope(values: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) slopes.push((values[j]! - values[i]!) / (j - i));
  }
  return slopes.length === 0 ? 0 : median(slopes);
}

/** Mean absolute percentage error, in percent, over pairs whose actual value is not zero. */
export function meanAbsolutePercentageError(
  pairs: readonly { actual: number; predicted: number }[],
): number | null {
  const usable = pairs.filter((pair) => pair.actual !== 0);
  if (usable.length === 0) return null;
  return mean(usable.map((pair) => Math.abs((pair.predicted - pair.actual) / pair.actual))) * 100;
}
