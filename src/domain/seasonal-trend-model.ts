/**
 * A small, robust model of daily spend, fitted on up to eight weeks of complete days:
 *   spend(day) = level + trend + weekday offset + noise, where the level may drift.
 * The level is tracked by exponential smoothing; a faster weight is chosen only when it clearly
 * predicts the next day better, and it then implies how much the level drifts (a local-level
 * model), which widens the interval. Days far from the rest (a reserved-instance fee, a forgotten
 * load test) are pulled back before anything is estimated, so a one-off charge does not leak into
 * the days ahead; a trend is used only when it stands out of the noise and drift around it.
 * Measured on synthetic series (flat, weekly, trending, spiky, random walk): never worse than the
 * naive run-rate, far better with weekly patterns, trends and one-off charges.
 */

import type { Weekday } from './calendar-days.ts';
import { mean, median, robustStandardDeviation, standardDeviation, theilSenSlope } from './statistics.ts';

/** Two of each weekday: the least history for weekday offsets. */
export const MIN_SEASONAL_HISTORY_DAYS = 14;
export const MAX_TRAINING_DAYS = 56;
const TREND_WINDOW_DAYS = 28;
/** Smoothing weights tried for the level, slowest first (2/15 weighs like a 14-day average). */
const SMOOTHING_WEIGHTS = [2 / 15, 0.25, 0.4, 0.6] as const;
/** A faster smoothing weight must cut the one-day-ahead squared error by this share to be chosen. */
const WEIGHT_GAIN_REQUIRED = 0.05;
/** A trend is used only when its slope is this many standard errors away from flat. */
const TREND_SIGNIFICANCE = 3;
/** A trend is trusted for a month ahead at most; beyond, spend is held at that level. */
const TREND_HORIZON_CAP_DAYS = 31;
/** Residuals beyond this many robust deviations count as one-off charges and are pulled back. */
const OUTLIER_BOUND = 3;
/** Variance of a median relative to a mean's, for normal noise (pi / 2). */
const MEDIAN_VARIANCE_FACTOR = Math.PI / 2;

export interface SeasonalTrendModel {
  /** Expected spend `stepsAhead` days after the last training day, on `weekday`. */
  predict(stepsAhead: number, weekday: Weekday): number;
  /** Standard deviation of the total of the predicted days at these steps ahead. */
  sumStandardDeviation(stepsAhead: readonly number[]): number;
}

const cappedSteps = (steps: number) => Math.min(steps, TREND_HORIZON_CAP_DAYS);
const spreadOf = (values: readonly number[]) => robustStandardDeviation(values) || standardDeviation(values);

/**
 * Additive weekday offsets: the median distance of each weekday from the centred 7-day average
 * around it (so a steady rise is not mistaken for a weekly pattern), shrunk toward 0 by their own
 * estimation noise (James-Stein), so a series without a weekly pattern does not get one from noise.
 */
function weekdayOffsets(values: readonly number[], weekdays: readonly Weekday[]): number[] {
  const distancesByWeekday: number[][] = Array.from({ length: 7 }, () => []);
  for (let i = 3; i < values.length - 3; i++) {
    distancesByWeekday[weekdays[i]!]!.push(values[i]! - mean(values.slice(i - 3, i + 4)));
  }
  const raw = distancesByWeekday.map((distances) => (distances.length > 0 ? median(distances) : 0));
  const centred = raw.map((offset) => offset - mean(raw));
  const noise = spreadOf(
    distancesByWeekday.flatMap((distances, weekday) => distances.map((d) => d - raw[weekday]!)),
  );
  const perWeekday = mean(distancesByWeekday.map((distances) => Math.max(1, distances.length)));
  const offsetVariance = (MEDIAN_VARIANCE_FACTOR * noise ** 2) / perWeekday;
  const between = mean(centred.map((offset) => offset ** 2));
  const shrink = between === 0 ? 0 : Math.max(0, 1 - offsetVariance / between);
  return centred.map((offset) => offset * shrink);
}

/** Pulls values whose residual around the series' robust line exceeds the outlier bound back to it. */
function withoutOneOffs(values: readonly number[]): number[] {
  const slope = theilSenSlope(values);
  const line = (i: number) => slope * (i - (values.length - 1) / 2);
  const centre = median(values.map((value, i) => value - line(i)));
  const residuals = values.map((value, i) => value - line(i) - centre);
  // Robust spread only: with most days exactly on the line, any day off it is a one-off.
  const bound = OUTLIER_BOUND * robustStandardDeviation(residuals);
  return values.map((value, i) => value - residuals[i]! + Math.min(bound, Math.max(-bound, residuals[i]!)));
}

/** Level after exponential smoothing with `weight`, and the mean squared one-day-ahead error on the way. */
function smooth(values: readonly number[], weight: number): { level: number; meanSquaredError: number } {
  let level = mean(values.slice(0, 7));
  let squaredErrors = 0;
  for (const value of values.slice(7)) {
    squaredErrors += (value - level) ** 2;
    level += weight * (value - level);
  }
  return { level, meanSquaredError: squaredErrors / Math.max(1, values.length - 7) };
}

/**
 * Picks the smoothing weight with the smallest one-day-ahead error; a faster one must win by
 * WEIGHT_GAIN_REQUIRED, so noise alone does not make the level chase the last few days. For a
 * local-level model a weight w implies drift / noise variance = w^2 / (1 - w), and a one-day-ahead
 * error variance of noise / (1 - w).
 */
function fitLevel(values: readonly number[]) {
  let best = { weight: SMOOTHING_WEIGHTS[0] as number, ...smooth(values, SMOOTHING_WEIGHTS[0]) };
  for (const weight of SMOOTHING_WEIGHTS.slice(1)) {
    const candidate = { weight, ...smooth(values, weight) };
    if (candidate.meanSquaredError < best.meanSquaredError * (1 - WEIGHT_GAIN_REQUIRED)) best = candidate;
  }
  // The slowest weight is a default, not evidence of drift: with it the level is taken as steady.
  if (best.weight === SMOOTHING_WEIGHTS[0])
    return { ...best, noiseVariance: best.meanSquaredError, driftVariance: 0 };
  const noiseVariance = best.meanSquaredError * (1 - best.weight);
  const driftVariance = (noiseVariance * best.weight ** 2) / (1 - best.weight);
  return { ...best, noiseVariance, driftVariance };
}

function slopeStandardError(points: number, noiseVariance: number, driftVariance: number): number {
  return Math.sqrt(
    (12 * noiseVariance) / (points * (points * points - 1)) + (6 * driftVariance) / (5 * points),
  );
}

/**
 * Fits the model to consecutive daily values (oldest first) with their weekdays. Needs at least
 * MIN_SEASONAL_HISTORY_DAYS values; uses the last MAX_TRAINING_DAYS.
 */
export function fitSeasonalTrendModel(
  values: readonly number[],
  weekdays: readonly Weekday[],
): SeasonalTrendModel {
  if (values.length < MIN_SEASONAL_HISTORY_DAYS) {
    throw new RangeError(`a seasonal model needs ${MIN_SEASONAL_HISTORY_DAYS} days, got ${values.length}`);
  }
  const training = values.slice(-MAX_TRAINING_DAYS);
  const trainingWeekdays = weekdays.slice(-MAX_TRAINING_DAYS);
  const offsets = weekdayOffsets(training, trainingWeekdays);
  const series = withoutOneOffs(training.map((value, i) => value - offsets[trainingWeekdays[i]!]!));

  // A trend must stand out of the noise and drift left once it is taken out: a random walk that
  // happens to have wandered up keeps its drift and fails, a steady rise does not.
  const trendWindow = series.slice(-TREND_WINDOW_DAYS);
  const rawSlope = theilSenSlope(trendWindow);
  const detrended = fitLevel(series.map((value, i) => value - rawSlope * i));
  const slopeError = slopeStandardError(trendWindow.length, detrended.noiseVariance, detrended.driftVariance);
  const slope = Math.abs(rawSlope) >= TREND_SIGNIFICANCE * slopeError ? rawSlope : 0;
  const fitted = slope === 0 ? fitLevel(series) : detrended;
  const { weight, noiseVariance, driftVariance } = fitted;
  const level = fitted.level + slope * (series.length - 1);
  const levelVariance =
    ((1 - weight) ** 2 * driftVariance + weight ** 2 * noiseVariance) / (weight * (2 - weight));
  const trendVariance = slope === 0 ? 0 : slopeError ** 2;

  return {
    predict: (stepsAhead, weekday) =>
      Math.max(0, level + slope * cappedSteps(stepsAhead) + offsets[weekday]!),
    sumStandardDeviation: (stepsAhead) => {
      const count = stepsAhead.length;
      const trendSteps = stepsAhead.reduce((sum, steps) => sum + cappedSteps(steps), 0);
      const driftOfSum = (driftVariance * count * (count + 1) * (2 * count + 1)) / 6;
      return Math.sqrt(
        count * noiseVariance + count ** 2 * levelVariance + trendSteps ** 2 * trendVariance + driftOfSum,
      );
    },
  };
}
