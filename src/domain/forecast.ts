/**
 * Where spend will land at the end of a period (the dashboard's month-end card, forecast budget
 * thresholds), with an 80% prediction interval. Complete days are history; days after the last
 * complete one are predicted, and a day already partly billed counts at least what it shows.
 */

import {
  addDays,
  daysBetween,
  eachDay,
  earlierDay,
  type IsoDay,
  laterDay,
  monthEnd,
  monthStart,
  weekdayOf,
} from './calendar-days.ts';
import { amountsByDay, type DailyCost, firstDayOf, totalBetween, trailingAmounts } from './daily-costs.ts';
import { CALIBRATION_HISTORY_DAYS, calibratedIntervalScale } from './forecast-interval-calibration.ts';
import { sumUsd } from './money.ts';
import { fitSeasonalTrendModel, MIN_SEASONAL_HISTORY_DAYS } from './seasonal-trend-model.ts';
import { Z_FOR_80_PERCENT_INTERVAL } from './statistics.ts';

/**
 * seasonal-trend: the weekday model; run-rate: too little history for it (under 14 complete days),
 * the recent daily average with a ±50% band; actual: the period is complete; no-history: nothing
 * to project from, so only what is already billed.
 */
export type ForecastMethod = 'seasonal-trend' | 'run-rate' | 'actual' | 'no-history';

/**
 * Days of history before today a caller should read: the model trains on the last eight weeks, and its
 * interval is calibrated on earlier forecasts of the same kind over up to a year before (decision 050).
 */
export const FORECAST_HISTORY_DAYS = CALIBRATION_HISTORY_DAYS;

/** Half-width of the run-rate interval, relative to the predicted remainder. */
export const RUN_RATE_INTERVAL_HALF_WIDTH = 0.5;
const RUN_RATE_WINDOW_DAYS = 14;

export interface PeriodForecastInput {
  /** Daily totals; within the covered span a missing day cost nothing. */
  history: readonly DailyCost[];
  /** In the user's time zone, computed by the caller. */
  today: IsoDay;
  periodStart: IsoDay;
  periodEnd: IsoDay;
  /** Last day whose cost is final; the day before `today` unless the caller knows better (billing lag). */
  completeThrough?: IsoDay;
}

export interface PeriodForecast {
  /** Billed so far in the period, up to and including today. */
  toDate: number;
  forecast: number;
  lower: number;
  upper: number;
  method: ForecastMethod;
}

interface Remainder {
  predicted: number;
  standardDeviation: number;
  method: ForecastMethod;
}

/** Expected spend of `day`, which lies `stepsAhead` days after the last complete day. */
type DailyPredictor = (stepsAhead: number, day: IsoDay) => number;

/** Sums the predicted days; a day already partly billed counts at least what it shows. */
function sumPredictedDays(
  days: IsoDay[],
  lastComplete: IsoDay,
  byDay: ReadonlyMap<IsoDay, number>,
  predict: DailyPredictor,
) {
  return sumUsd(
    days.map((day) => Math.max(byDay.get(day) ?? 0, predict(daysBetween(lastComplete, day), day))),
  );
}

function predictRemainder(
  byDay: ReadonlyMap<IsoDay, number>,
  firstDay: IsoDay | undefined,
  lastComplete: IsoDay,
  predictedDays: IsoDay[],
): Remainder {
  const { days, amounts } = trailingAmounts(byDay, firstDay, lastComplete, CALIBRATION_HISTORY_DAYS);
  const sumDays = (predict: DailyPredictor) => sumPredictedDays(predictedDays, lastComplete, byDay, predict);
  if (amounts.length >= MIN_SEASONAL_HISTORY_DAYS) {
    const weekdays = days.map(weekdayOf);
    const model = fitSeasonalTrendModel(amounts, weekdays);
    const stepsAhead = predictedDays.map((day) => daysBetween(lastComplete, day));
    return {
      predicted: sumDays((steps, day) => model.predict(steps, weekdayOf(day))),
      standardDeviation:
        model.sumStandardDeviation(stepsAhead) * calibratedIntervalScale(days, amounts, predictedDays),
      method: 'seasonal-trend',
    };
  }
  const recent = amounts.slice(-RUN_RATE_WINDOW_DAYS);
  if (recent.length === 0) {
    return { predicted: sumDays(() => 0), standardDeviation: 0, method: 'no-history' };
  }
  const rate = sumUsd(recent) / recent.length;
  const predicted = sumDays(() => rate);
  const halfWidth = RUN_RATE_INTERVAL_HALF_WIDTH * predicted;
  return { predicted, standardDeviation: halfWidth / Z_FOR_80_PERCENT_INTERVAL, method: 'run-rate' };
}

/** The caller's last complete day, never after today; by default yesterday. */
function lastCompleteDay({ today, completeThrough }: { today: IsoDay; completeThrough?: IsoDay }): IsoDay {
  return earlierDay(completeThrough ?? addDays(today, -1), today);
}

/**
 * The first day the forecast predicts rather than reads: the day after the last complete one, never before
 * the period. After the period's end when every day of it is complete.
 */
export function firstPredictedDay(
  input: Pick<PeriodForecastInput, 'today' | 'completeThrough' | 'periodStart'>,
): IsoDay {
  return laterDay(addDays(lastCompleteDay(input), 1), input.periodStart);
}

export function forecastPeriodEnd(input: PeriodForecastInput): PeriodForecast {
  const { history, today, periodStart, periodEnd } = input;
  const toDate = totalBetween(history, periodStart, earlierDay(today, periodEnd));
  const lastComplete = lastCompleteDay(input);
  if (lastComplete >= periodEnd)
    return { toDate, forecast: toDate, lower: toDate, upper: toDate, method: 'actual' };

  const firstPredicted = firstPredictedDay(input);
  const byDay = amountsByDay(history);
  const remainder = predictRemainder(
    byDay,
    firstDayOf(history),
    lastComplete,
    eachDay(firstPredicted, periodEnd),
  );
  const billedBeforePrediction = totalBetween(history, periodStart, addDays(firstPredicted, -1));
  const forecast = Math.max(toDate, sumUsd([billedBeforePrediction, remainder.predicted]));
  const halfWidth = Z_FOR_80_PERCENT_INTERVAL * remainder.standardDeviation;
  return {
    toDate,
    forecast,
    lower: Math.max(toDate, forecast - halfWidth),
    upper: Math.max(forecast, forecast + halfWidth),
    method: remainder.method,
  };
}

export interface MonthEndForecast {
  monthToDate: number;
  forecast: number;
  lower: number;
  upper: number;
  method: ForecastMethod;
}

export function forecastMonthEnd(
  input: Omit<PeriodForecastInput, 'periodStart' | 'periodEnd'>,
): MonthEndForecast {
  const { toDate, ...rest } = forecastPeriodEnd({
    ...input,
    periodStart: monthStart(input.today),
    periodEnd: monthEnd(input.today),
  });
  return { monthToDate: toDate, ...rest };
}

/**
 * The naive forecast the model is judged against: the month's complete days averaged and
 * multiplied by the days in the month; what is billed so far when no day is complete yet.
 */
export function naiveRunRateForecast(input: Omit<PeriodForecastInput, 'periodStart' | 'periodEnd'>): number {
  const { history, today } = input;
  const start = monthStart(today);
  const monthToDate = totalBetween(history, start, today);
  const lastComplete = lastCompleteDay(input);
  if (lastComplete < start) return monthToDate;
  const completeDays = eachDay(start, lastComplete).length;
  const daysInMonth = eachDay(start, monthEnd(today)).length;
  return Math.max(monthToDate, (totalBetween(history, start, lastComplete) / completeDays) * daysInMonth);
}
