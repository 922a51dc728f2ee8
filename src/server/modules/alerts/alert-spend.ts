import type { Kysely } from 'kysely';
import type { CostFilter } from '../../../contracts/alerts.ts';
import { type BudgetPeriod, type BudgetPeriodKind, budgetPeriodFor } from '../../../domain/budgets.ts';
import { addDays, earlierDay, type IsoDay, isoDayOfInstant } from '../../../domain/calendar-days.ts';
import type { DailyCost } from '../../../domain/daily-costs.ts';
import { forecastPeriodEnd } from '../../../domain/forecast.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { type CostBasis, dailySpend, firstUsageDate, latestUsageDate } from './alerts.repository.ts';

/** Days of history the forecast learns from before the period starts. */
const FORECAST_TRAINING_DAYS = 90;

/**
 * The day alerts are judged on: the last day with cost data, never after today (UTC). Billing data
 * lags a day or more; judging on the last day that has data keeps an upload of an older export useful.
 */
export async function evaluationDayOf(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<IsoDay | null> {
  const latest = await latestUsageDate(db, organizationId);
  return latest ? earlierDay(latest, isoDayOfInstant(new Date())) : null;
}

/** The first day with cost data: days before it are not counted as days without spend. */
export async function firstUsageDayOf(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<IsoDay | null> {
  return firstUsageDate(db, organizationId);
}

export type SpendReader = (
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  filter: CostFilter,
  basis: CostBasis,
  from: string,
  to: string,
  seriesBy?: 'service' | 'account',
) => ReturnType<typeof dailySpend>;

/**
 * One evaluation pass reads each (filter, basis, window) once: rules and budgets that watch the same
 * spend share the query.
 */
export function memoizedSpendReader(): SpendReader {
  const cache = new Map<string, ReturnType<typeof dailySpend>>();
  return (db, organizationId, filter, basis, from, to, seriesBy) => {
    const key = JSON.stringify([organizationId, filter, basis, from, to, seriesBy ?? null]);
    let rows = cache.get(key);
    if (!rows) {
      rows = dailySpend(db, organizationId, filter, basis, from, to, seriesBy);
      cache.set(key, rows);
    }
    return rows;
  };
}

export interface BudgetSpendFacts {
  period: BudgetPeriod;
  actual: number;
  forecast: number | null;
}

export async function budgetSpendAsOf(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  budget: { period: BudgetPeriodKind; filter: CostFilter; costBasis: CostBasis },
  asOf: IsoDay,
  read: SpendReader = dailySpend,
): Promise<BudgetSpendFacts> {
  const period = budgetPeriodFor(asOf, budget.period);
  const rows = await read(
    db,
    organizationId,
    budget.filter,
    budget.costBasis,
    addDays(period.start, -FORECAST_TRAINING_DAYS),
    asOf,
  );
  const history: DailyCost[] = rows.map((row) => ({ date: row.day, amount: row.cost }));
  const forecast = forecastPeriodEnd({
    history,
    today: asOf,
    periodStart: period.start,
    periodEnd: period.end,
    completeThrough: asOf,
  });
  return {
    period,
    actual: forecast.toDate,
    forecast: forecast.method === 'no-history' ? null : forecast.forecast,
  };
}
