/**
 * Cost anomalies, per series (a service, an account, a tag value) on daily cost. The
 * baseline is robust: the median of each weekday over up to 90 days, moved to the level of the
 * last two weeks; its spread is the median absolute deviation. A day is an anomaly when its cost is
 * above the upper bound AND the dollars above expected reach a minimum, so a cheap series jumping
 * from $0.02 to $0.40 does not wake anyone.
 */

import { addDays, type IsoDay, weekdayOf } from './calendar-days.ts';
import { amountsByDay, type DailyCost, firstDayOf, trailingAmounts } from './daily-costs.ts';
import { isAtLeast, isMoreThan } from './money.ts';
import { median, robustStandardDeviation } from './statistics.ts';

export const ANOMALY_BASELINE_DAYS = 90;
export const MIN_ANOMALY_HISTORY_DAYS = 10;
/** Weekday medians need three of each weekday; with less history every weekday is alike. */
const MIN_WEEKDAY_PROFILE_DAYS = 21;
const RECENT_LEVEL_DAYS = 14;
const SPREAD_WINDOW_DAYS = 28;
/** A perfectly steady series still gets a spread of 3% of expected, so a few cents do not count as a jump. */
const MIN_SPREAD_SHARE_OF_EXPECTED = 0.03;

export type AnomalySensitivity = 'low' | 'medium' | 'high';

/** Upper bound = expected + width x spread (a robust standard deviation): high sensitivity is narrower. */
export const ANOMALY_BOUND_WIDTH: Record<AnomalySensitivity, number> = { low: 5, medium: 3.5, high: 2.5 };
export const DEFAULT_ANOMALY_MIN_IMPACT_USD = 25;

export interface DailyBaseline {
  expected: number;
  /** Robust standard deviation of a day around the baseline. */
  spread: number;
  historyDays: number;
}

/**
 * The expected cost of `day` from the days before it (up to 90): the weekday's median offset from
 * the overall median, added to the median level of the last 14 days. Null with under 10 days.
 */
export function dailyBaseline(history: readonly DailyCost[], day: IsoDay): DailyBaseline | null {
  const byDay = amountsByDay(history);
  const { days, amounts } = trailingAmounts(
    byDay,
    firstDayOf(history),
    addDays(day, -1),
    ANOMALY_BASELINE_DAYS,
  );
  if (amounts.length < MIN_ANOMALY_HISTORY_DAYS) return null;
  const weekdays = days.map(weekdayOf);
  const overall = median(amounts);
  const offsets = Array.from({ length: 7 }, (_, weekday) => {
    if (amounts.length < MIN_WEEKDAY_PROFILE_DAYS) return 0;
    return median(amounts.filter((_, i) => weekdays[i] === weekday)) - overall;
  });
  const deseasonalised = amounts.map((amount, i) => amount - offsets[weekdays[i]!]!);
  const level = median(deseasonalised.slice(-RECENT_LEVEL_DAYS));
  const expected = Math.max(0, level + offsets[weekdayOf(day)]!);
  const residuals = deseasonalised.slice(-SPREAD_WINDOW_DAYS).map((value) => value - level);
  const spread = Math.max(robustStandardDeviation(residuals), MIN_SPREAD_SHARE_OF_EXPECTED * expected);
  return { expected, spread, historyDays: amounts.length };
}

export interface AnomalyInput {
  /** The series' daily costs before `day` (later days are ignored); a covered day without an entry cost nothing. */
  history: readonly DailyCost[];
  day: IsoDay;
  cost: number;
  sensitivity: AnomalySensitivity;
  minImpactUsd?: number;
}

export type AnomalyVerdict =
  | { verdict: 'no-verdict'; reason: string; historyDays: number }
  | {
      verdict: 'anomaly' | 'normal';
      cost: number;
      expected: number;
      upperBound: number;
      /** Dollars above expected (cost - expected); negative when below. */
      impact: number;
      historyDays: number;
    };

export function detectDailyAnomaly(input: AnomalyInput): AnomalyVerdict {
  const { day, cost, sensitivity, minImpactUsd = DEFAULT_ANOMALY_MIN_IMPACT_USD } = input;
  const history = input.history.filter((entry) => entry.date < day);
  const baseline = dailyBaseline(history, day);
  if (baseline === null) {
    const historyDays = trailingAmounts(
      amountsByDay(history),
      firstDayOf(history),
      addDays(day, -1),
      ANOMALY_BASELINE_DAYS,
    ).amounts.length;
    return {
      verdict: 'no-verdict',
      reason: `needs ${MIN_ANOMALY_HISTORY_DAYS} days of history; this series has ${historyDays}`,
      historyDays,
    };
  }
  const upperBound = baseline.expected + ANOMALY_BOUND_WIDTH[sensitivity] * baseline.spread;
  const impact = cost - baseline.expected;
  const isAnomaly = isMoreThan(cost, upperBound) && isAtLeast(impact, minImpactUsd);
  return {
    verdict: isAnomaly ? 'anomaly' : 'normal',
    cost,
    expected: baseline.expected,
    upperBound,
    impact,
    historyDays: baseline.historyDays,
  };
}

export function anomalyDedupeKey(ruleId: string, seriesKey: string, day: IsoDay): string {
  return `anomaly:${ruleId}:${seriesKey}:${day}`;
}
