import type { CostFilter } from '../../../contracts/alerts.ts';
import { lastFinalBillDay } from '../../../domain/bill-completeness.ts';
import type { BudgetPeriod } from '../../../domain/budgets.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import { isAwsProvider } from '../../../domain/cloud-providers.ts';
import { type CommitmentEndInForecast, commitmentEndsInPeriod } from '../../../domain/commitment-forecast.ts';
import { firstPredictedDay } from '../../../domain/forecast.ts';
import type { BudgetCommitmentEnds } from '../commitments/commitment-budget-ends.ts';

/**
 * Whether a budget's filter can hold a commitment's covered usage (decisions 137 and 142): the bill keeps
 * that usage by account and by tag set, not by service, so a budget of some services weighs no end, nor
 * one of providers without AWS.
 */
export function budgetWeighsCommitmentEnds(filter: CostFilter): boolean {
  const awsCounted = filter.providers.length === 0 || filter.providers.some(isAwsProvider);
  return awsCounted && filter.services.length === 0;
}

/**
 * What commitments ending within a budget's period add to its forecast (decision 137): the month-end
 * forecast's rule (decision 114) over the period's predicted days, in the budget's accounts.
 */
export async function budgetCommitmentEndsOf(
  source: BudgetCommitmentEnds | undefined,
  organizationId: string,
  budget: { filter: CostFilter },
  days: { period: BudgetPeriod; asOf: IsoDay; today: IsoDay; now: Date },
): Promise<CommitmentEndInForecast[]> {
  if (!source || !budgetWeighsCommitmentEnds(budget.filter)) return [];
  const { period, asOf, today } = days;
  const accounts = budget.filter.account_ids;
  const ending = await source(
    organizationId,
    { accountIds: accounts.length > 0 ? accounts : null, tag: budget.filter.tag },
    { today: asOf, periodEnd: period.end },
    days.now,
  );
  if (ending.length === 0) return [];
  return commitmentEndsInPeriod({
    commitments: ending,
    today: asOf,
    periodEnd: period.end,
    // As the bill forecast does (alert-spend.ts): a current export's newest day is still being billed.
    firstPredicted: firstPredictedDay({
      today: asOf,
      completeThrough: lastFinalBillDay(asOf, today),
      periodStart: period.start,
    }),
  });
}

/**
 * One read per (accounts and tag, days) within a pass or a list of budgets: budgets of the same accounts and
 * period share it, as they share their spend (alert-spend.ts's memoized reader).
 */
export function memoizedCommitmentEnds(
  source: BudgetCommitmentEnds | undefined,
): BudgetCommitmentEnds | undefined {
  if (!source) return undefined;
  const cache = new Map<string, ReturnType<BudgetCommitmentEnds>>();
  return (organizationId, watched, days, now) => {
    // The first read's instant serves the whole pass or list, as its live ledger does.
    const key = JSON.stringify([organizationId, watched, days]);
    let ends = cache.get(key);
    if (!ends) {
      ends = source(organizationId, watched, days, now);
      cache.set(key, ends);
    }
    return ends;
  };
}
