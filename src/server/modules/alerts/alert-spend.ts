import type { CostFilter } from '../../../contracts/alerts.ts';
import { lastFinalBillDay } from '../../../domain/bill-completeness.ts';
import { type BudgetPeriod, type BudgetPeriodKind, budgetPeriodFor } from '../../../domain/budgets.ts';
import { addDays, earlierDay, type IsoDay } from '../../../domain/calendar-days.ts';
import { UNRESTRICTED } from '../../../domain/cost-scope.ts';
import type { DailyCost } from '../../../domain/daily-costs.ts';
import { FORECAST_HISTORY_DAYS, forecastPeriodEnd, type PeriodForecast } from '../../../domain/forecast.ts';
import type { CostBasis, CostSlice, CostSlices } from '../cost-data/cost-slices.service.ts';

/** Days of history the forecast learns from before the period starts. */
const FORECAST_TRAINING_DAYS = 90;

/** What alerts read of spend: the cost-slice API of cost-data. */
export type SpendSource = Pick<CostSlices, 'daily' | 'spendDays' | 'byDimension'>;

/**
 * What an organization's budgets and rules watch: all its integrations, no team scope, narrowed by
 * the budget's or rule's own filter.
 */
export function organizationSlice(
  organizationId: string,
  filter: CostFilter,
  basis: CostBasis,
  from: string,
  to: string,
): CostSlice {
  return {
    organizationId,
    integrations: 'all',
    scope: UNRESTRICTED,
    filter: {
      accountIds: filter.account_ids,
      services: filter.services,
      tag: filter.tag,
      providers: filter.providers,
    },
    start: from,
    end: to,
    basis,
  };
}

/**
 * The day alerts are judged on: the last day with cost data, never after today (UTC). Billing data
 * lags a day or more; judging on the last day that has data keeps an upload of an older export useful.
 */
export async function evaluationDayOf(
  spend: SpendSource,
  organizationId: string,
  today: IsoDay,
): Promise<IsoDay | null> {
  const { last } = await spend.spendDays({ organizationId, integrations: 'all' });
  return last ? earlierDay(last, today) : null;
}

/** The first day with cost data: days before it are not counted as days without spend. */
export async function firstUsageDayOf(spend: SpendSource, organizationId: string): Promise<IsoDay | null> {
  return (await spend.spendDays({ organizationId, integrations: 'all' })).first;
}

export interface DailySpend {
  day: string;
  series: string;
  cost: number;
}

export type SpendReader = (
  organizationId: string,
  filter: CostFilter,
  basis: CostBasis,
  from: string,
  to: string,
  seriesBy?: 'service' | 'account',
) => Promise<DailySpend[]>;

/** Spend per day (and per series when asked) in [from, to] of what a budget or rule watches. */
export function spendReader(spend: SpendSource): SpendReader {
  return async (organizationId, filter, basis, from, to, seriesBy) => {
    const rows = await spend.daily(
      organizationSlice(organizationId, filter, basis, from, to),
      seriesBy ?? 'none',
    );
    return rows.map((row) => ({ day: row.day, series: row.key, cost: Number(row.cost) }));
  };
}

/**
 * One evaluation pass reads each (filter, basis, window) once: rules and budgets that watch the same
 * spend share the query.
 */
export function memoizedSpendReader(read: SpendReader): SpendReader {
  const cache = new Map<string, Promise<DailySpend[]>>();
  return (organizationId, filter, basis, from, to, seriesBy) => {
    const key = JSON.stringify([organizationId, filter, basis, from, to, seriesBy ?? null]);
    let rows = cache.get(key);
    if (!rows) {
      rows = read(organizationId, filter, basis, from, to, seriesBy);
      cache.set(key, rows);
    }
    return rows;
  };
}

/**
 * Budgets watching the same spend share one forecast per pass: the memoized reader hands them the same
 * rows, and a calibrated forecast fits the model some thirty times (decision 050).
 */
const forecastsByRows = new WeakMap<readonly DailySpend[], Map<string, PeriodForecast>>();

function forecastOf(
  rows: readonly DailySpend[],
  asOf: IsoDay,
  period: BudgetPeriod,
  today: IsoDay,
): PeriodForecast {
  const forecasts = forecastsByRows.get(rows) ?? new Map<string, PeriodForecast>();
  forecastsByRows.set(rows, forecasts);
  const key = `${asOf}/${today}/${period.start}/${period.end}`;
  let forecast = forecasts.get(key);
  if (!forecast) {
    const history: DailyCost[] = rows.map((row) => ({ date: row.day, amount: row.cost }));
    forecast = forecastPeriodEnd({
      history,
      today: asOf,
      periodStart: period.start,
      periodEnd: period.end,
      // As the dashboard does: a current export's newest day is still being billed.
      completeThrough: lastFinalBillDay(asOf, today),
    });
    forecasts.set(key, forecast);
  }
  return forecast;
}

export interface BudgetSpendFacts {
  period: BudgetPeriod;
  actual: number;
  forecast: number | null;
}

export async function budgetSpendAsOf(
  read: SpendReader,
  organizationId: string,
  budget: { period: BudgetPeriodKind; filter: CostFilter; costBasis: CostBasis },
  asOf: IsoDay,
  /** Today (UTC) on the injected clock: how far the bill is final. */
  today: IsoDay,
): Promise<BudgetSpendFacts> {
  const period = budgetPeriodFor(asOf, budget.period);
  const rows = await read(
    organizationId,
    budget.filter,
    budget.costBasis,
    earlierDay(addDays(period.start, -FORECAST_TRAINING_DAYS), addDays(asOf, -FORECAST_HISTORY_DAYS)),
    asOf,
  );
  const forecast = forecastOf(rows, asOf, period, today);
  return {
    period,
    actual: forecast.toDate,
    forecast: forecast.method === 'no-history' ? null : forecast.forecast,
  };
}
