/**
 * Budgets: an amount per month, quarter or year, with thresholds as a percentage of the
 * budget on actual or forecasted spend. Each threshold alerts once per period; the next period
 * starts fresh. Spend and forecast are computed by the caller (the forecast to the period's end
 * comes from `forecastPeriodEnd`).
 */

import {
  type IsoDay,
  monthEnd,
  monthKeyOf,
  monthStart,
  parseIsoDay,
  quarterEnd,
  quarterOf,
  quarterStart,
  yearEnd,
  yearStart,
} from './calendar-days.ts';
import { percentOf, reachesPercentOf } from './money.ts';

export const BUDGET_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type BudgetPeriodKind = (typeof BUDGET_PERIODS)[number];

export interface BudgetPeriod {
  start: IsoDay;
  end: IsoDay;
  /** '2026-11', '2026-Q4' or '2026': part of every alert's dedupe key. */
  key: string;
}

export type ThresholdBasis = 'actual' | 'forecast';

export interface BudgetThreshold {
  /** Stable per budget, so editing a percentage does not re-send an alert already sent. */
  id: string;
  percent: number;
  basis: ThresholdBasis;
}

/** AWS Budgets' usual set: 50, 80 and 100% of actual spend, and 100% of forecasted spend. */
export const DEFAULT_BUDGET_THRESHOLDS: readonly BudgetThreshold[] = [
  { id: 'actual-50', percent: 50, basis: 'actual' },
  { id: 'actual-80', percent: 80, basis: 'actual' },
  { id: 'actual-100', percent: 100, basis: 'actual' },
  { id: 'forecast-100', percent: 100, basis: 'forecast' },
];

export interface Budget {
  id: string;
  /** USD per period; positive. */
  amount: number;
  period: BudgetPeriodKind;
  thresholds: readonly BudgetThreshold[];
}

/** The budget period that holds `today` (the user's day). */
export function budgetPeriodFor(today: IsoDay, period: BudgetPeriodKind): BudgetPeriod {
  const { year } = parseIsoDay(today);
  switch (period) {
    case 'monthly':
      return { start: monthStart(today), end: monthEnd(today), key: monthKeyOf(today) };
    case 'quarterly':
      return { start: quarterStart(today), end: quarterEnd(today), key: `${year}-Q${quarterOf(today)}` };
    case 'yearly':
      return { start: yearStart(today), end: yearEnd(today), key: String(year) };
  }
}

export function budgetAlertDedupeKey(budgetId: string, periodKey: string, thresholdId: string): string {
  return `budget:${budgetId}:${periodKey}:${thresholdId}`;
}

/** The threshold's amount in USD. */
export function thresholdAmount(budget: Pick<Budget, 'amount'>, threshold: BudgetThreshold): number {
  return (budget.amount * threshold.percent) / 100;
}

export interface BudgetSpend {
  budget: Budget;
  today: IsoDay;
  actualSpend: number;
  /** Forecast to the end of the period; null when none could be made. */
  forecastSpend: number | null;
}

export interface FiredBudgetThreshold {
  threshold: BudgetThreshold;
  period: BudgetPeriod;
  dedupeKey: string;
  /** The spend that crossed it: actual or forecast, per the threshold's basis. */
  spend: number;
  thresholdAmount: number;
  /** spend as a percentage of the budget. */
  percentOfBudget: number | null;
}

function spendOnBasis({ actualSpend, forecastSpend }: BudgetSpend, basis: ThresholdBasis): number | null {
  return basis === 'actual' ? actualSpend : forecastSpend;
}

/**
 * Thresholds that fire now: reached on their basis (spend >= percent of budget, exact at the edge)
 * and not already fired in this period. Lowest percentage first; each carries the dedupe key the
 * outbox stores, so recording all of them keeps each from firing again this period.
 */
export function evaluateBudgetThresholds(
  input: BudgetSpend & { alreadyFired: ReadonlySet<string> },
): FiredBudgetThreshold[] {
  const { budget, today, alreadyFired } = input;
  const period = budgetPeriodFor(today, budget.period);
  return [...budget.thresholds]
    .sort((a, b) => a.percent - b.percent || a.basis.localeCompare(b.basis))
    .flatMap((threshold) => {
      const spend = spendOnBasis(input, threshold.basis);
      const dedupeKey = budgetAlertDedupeKey(budget.id, period.key, threshold.id);
      if (spend === null || alreadyFired.has(dedupeKey)) return [];
      if (!reachesPercentOf(spend, threshold.percent, budget.amount)) return [];
      return [
        {
          threshold,
          period,
          dedupeKey,
          spend,
          thresholdAmount: thresholdAmount(budget, threshold),
          percentOfBudget: percentOf(spend, budget.amount),
        },
      ];
    });
}

/**
 * exceeded: actual spend reached it; forecast-to-exceed: the forecast reaches it; ok: neither;
 * no-data: neither, but there is no cost data yet to call it on track.
 */
export type BudgetThresholdState = 'ok' | 'forecast-to-exceed' | 'exceeded' | 'no-data';

/** Worst first: what a budget's one badge shows when its thresholds disagree. */
const WORST_FIRST: readonly BudgetThresholdState[] = ['exceeded', 'forecast-to-exceed', 'no-data'];

/** The worst of a budget's threshold states ('ok' when all are, or there are none). */
export function worstThresholdState(states: readonly BudgetThresholdState[]): BudgetThresholdState {
  return WORST_FIRST.find((state) => states.includes(state)) ?? 'ok';
}

export interface BudgetThresholdStatus {
  threshold: BudgetThreshold;
  state: BudgetThresholdState;
  thresholdAmount: number;
}

export interface BudgetStatus {
  period: BudgetPeriod;
  actualSpend: number;
  forecastSpend: number | null;
  /** Actual spend as a percentage of the budget. */
  percentUsed: number | null;
  percentForecast: number | null;
  thresholds: BudgetThresholdStatus[];
}

/**
 * What the budget page shows: spend, forecast and the state of each threshold. `hasCostData` is
 * false until the first cost data arrives: a spend of 0 then means unknown, not on track.
 */
export function budgetThresholdStates(input: BudgetSpend & { hasCostData: boolean }): BudgetStatus {
  const { budget, today, actualSpend, forecastSpend, hasCostData } = input;
  const stateOf = (threshold: BudgetThreshold): BudgetThresholdState => {
    if (reachesPercentOf(actualSpend, threshold.percent, budget.amount)) return 'exceeded';
    if (forecastSpend !== null && reachesPercentOf(forecastSpend, threshold.percent, budget.amount)) {
      return 'forecast-to-exceed';
    }
    return hasCostData ? 'ok' : 'no-data';
  };
  return {
    period: budgetPeriodFor(today, budget.period),
    actualSpend,
    forecastSpend,
    percentUsed: percentOf(actualSpend, budget.amount),
    percentForecast: forecastSpend === null ? null : percentOf(forecastSpend, budget.amount),
    thresholds: budget.thresholds.map((threshold) => ({
      threshold,
      state: stateOf(threshold),
      thresholdAmount: thresholdAmount(budget, threshold),
    })),
  };
}
