/**
 * How good the month-end forecast is on a real history: for each complete month, forecast as if on
 * day d (with days 1..d billed and nothing later known) and compare with the month's real total,
 * next to the naive run-rate.
 */

import {
  addMonths,
  daysInMonth,
  type IsoDay,
  isoDayOf,
  monthEnd,
  monthKeyOf,
  monthStart,
  parseIsoDay,
} from './calendar-days.ts';
import { type DailyCost, firstDayOf, lastDayOf, totalBetween } from './daily-costs.ts';
import { type ForecastMethod, forecastMonthEnd, naiveRunRateForecast } from './forecast.ts';
import { meanAbsolutePercentageError } from './statistics.ts';

export const DEFAULT_BACKTEST_DAYS_OF_MONTH = [7, 14, 21] as const;

export interface BacktestOptions {
  /** Days of the month on which forecasts are made (days 1..d complete). */
  daysOfMonth?: readonly number[];
}

export interface BacktestCase {
  month: string;
  asOf: IsoDay;
  actual: number;
  forecast: number;
  lower: number;
  upper: number;
  method: ForecastMethod;
  runRate: number;
}

export interface BacktestReport {
  cases: BacktestCase[];
  /** Mean absolute percentage error, in percent; null with no case. */
  mape: { forecast: number | null; runRate: number | null };
  /** Share of cases whose actual total fell inside the 80% interval; null with no case. */
  intervalCoverage: number | null;
}

/** First days of the months wholly inside the history (from its first to its last day). */
function completeMonths(history: readonly DailyCost[]): IsoDay[] {
  const first = firstDayOf(history);
  const last = lastDayOf(history);
  if (first === undefined || last === undefined) return [];
  const starts: IsoDay[] = [];
  let start = first === monthStart(first) ? first : addMonths(monthStart(first), 1);
  while (monthEnd(start) <= last) {
    starts.push(start);
    start = addMonths(start, 1);
  }
  return starts;
}

function backtestCase(history: readonly DailyCost[], start: IsoDay, dayOfMonth: number): BacktestCase {
  const { year, month } = parseIsoDay(start);
  const asOf = isoDayOf(year, month, dayOfMonth);
  const known = history.filter((cost) => cost.date <= asOf);
  const input = { history: known, today: asOf, completeThrough: asOf };
  const { forecast, lower, upper, method } = forecastMonthEnd(input);
  return {
    month: monthKeyOf(start),
    asOf,
    actual: totalBetween(history, start, monthEnd(start)),
    forecast,
    lower,
    upper,
    method,
    runRate: naiveRunRateForecast(input),
  };
}

export function backtestMonthEndForecast(
  history: readonly DailyCost[],
  options: BacktestOptions = {},
): BacktestReport {
  const days = options.daysOfMonth ?? DEFAULT_BACKTEST_DAYS_OF_MONTH;
  const cases = completeMonths(history).flatMap((start) => {
    const { year, month } = parseIsoDay(start);
    return days
      .filter((day) => day >= 1 && day < daysInMonth(year, month))
      .map((day) => backtestCase(history, start, day));
  });
  const inside = cases.filter((c) => c.actual >= c.lower && c.actual <= c.upper).length;
  return {
    cases,
    mape: {
      forecast: meanAbsolutePercentageError(cases.map((c) => ({ actual: c.actual, predicted: c.forecast }))),
      runRate: meanAbsolutePercentageError(cases.map((c) => ({ actual: c.actual, predicted: c.runRate }))),
    },
    intervalCoverage: cases.length === 0 ? null : inside / cases.length,
  };
}
