/**
 * The weekday model's interval assumes normal day-to-day noise around a level it can see. Real spend
 * also has one-off charges and shifts it cannot see, so on its own the "80%" interval held 61% of the
 * simulator's months. The interval is therefore calibrated on the history itself
 * (rolling-origin calibration): the model is fitted at earlier origins, forecasts the same number of
 * days ahead, across as many month starts (where monthly fees land) as the days to forecast now, and
 * the 80th percentile of its misses, in its own standard deviations, says how far to widen (or
 * narrow) the interval. Only days before the forecast are used, so the back-test stays honest.
 */

import { daysBetween, type IsoDay, weekdayOf } from './calendar-days.ts';
import {
  fitSeasonalTrendModel,
  MAX_TRAINING_DAYS,
  MIN_SEASONAL_HISTORY_DAYS,
} from './seasonal-trend-model.ts';
import { Z_FOR_80_PERCENT_INTERVAL } from './statistics.ts';

/** The most recent comparable origins the interval is calibrated on. */
export const CALIBRATION_ORIGINS = 28;
/** With fewer comparable origins than this the model's own interval is used unchanged. */
export const MIN_CALIBRATION_ORIGINS = 7;
/** Days of history the calibration looks back over. */
export const CALIBRATION_HISTORY_DAYS = MAX_TRAINING_DAYS + 366;

const monthStartsAmong = (days: readonly IsoDay[]) => days.filter((day) => day.endsWith('-01')).length;

/**
 * Factor for the model's standard deviation of the total of `predictedDays`, which follow the last
 * of `days` (consecutive, oldest first, with their `amounts`): 1 without enough comparable origins.
 */
export function calibratedIntervalScale(
  days: readonly IsoDay[],
  amounts: readonly number[],
  predictedDays: readonly IsoDay[],
): number {
  const lastDay = days.at(-1);
  if (lastDay === undefined || predictedDays.length === 0) return 1;
  const stepsAhead = predictedDays.map((day) => daysBetween(lastDay, day));
  const monthStarts = monthStartsAmong(predictedDays);
  const weekdays = days.map(weekdayOf);
  const misses: number[] = [];
  for (
    let origin = days.length - 1 - Math.max(...stepsAhead);
    origin >= MIN_SEASONAL_HISTORY_DAYS - 1 && misses.length < CALIBRATION_ORIGINS;
    origin--
  ) {
    const window = stepsAhead.map((steps) => origin + steps);
    if (monthStartsAmong(window.map((index) => days[index]!)) !== monthStarts) continue;
    const model = fitSeasonalTrendModel(amounts.slice(0, origin + 1), weekdays.slice(0, origin + 1));
    const predicted = stepsAhead.reduce(
      (sum, steps, i) => sum + model.predict(steps, weekdays[window[i]!]!),
      0,
    );
    const actual = window.reduce((sum, index) => sum + amounts[index]!, 0);
    const deviation = model.sumStandardDeviation(stepsAhead);
    if (deviation > 0) misses.push(Math.abs(actual - predicted) / deviation);
  }
  if (misses.length < MIN_CALIBRATION_ORIGINS) return 1;
  // Split-conformal rank: the ceil((n + 1) x 0.8)-th smallest miss covers a new case at least 80% of
  // the time when the cases are exchangeable; the plain 80th percentile undercovers on small n.
  const rank = Math.min(misses.length, Math.ceil((misses.length + 1) * 0.8));
  return misses.sort((a, b) => a - b)[rank - 1]! / Z_FOR_80_PERCENT_INTERVAL;
}
