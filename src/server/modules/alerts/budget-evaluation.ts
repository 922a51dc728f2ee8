import { commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import { evaluateBudgetThresholds } from '../../../domain/budgets.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredBudget } from './alert-rules.service.ts';
import { budgetSpendAsOf } from './alert-spend.ts';
import { budgetAlertText } from './alert-wording.ts';
import { budgetCommitmentEndsOf } from './budget-commitment-ends.ts';
import { type EvaluationPass, watched } from './evaluation-pass.ts';
import { budgetForecastOf, liveForecastOf } from './live-forecast.ts';

/** A budget's thresholds crossed (or forecast to be) in its current period, not fired before. */
export async function budgetNotifications(
  pass: EvaluationPass,
  budget: StoredBudget,
): Promise<NewNotification[]> {
  const { organizationId, asOf } = pass;
  const spend = await budgetSpendAsOf(pass.read, organizationId, budget, asOf, pass.today);
  const live = liveForecastOf(pass.live, budget, spend.period);
  const ending = await budgetCommitmentEndsOf(pass.commitmentEnds, organizationId, budget, {
    period: spend.period,
    asOf,
    today: pass.today,
    now: pass.now,
  });
  const { forecastSpend, ends } = budgetForecastOf(spend, ending, live.usd);
  const fired = evaluateBudgetThresholds({
    budget,
    today: asOf,
    actualSpend: spend.actual,
    forecastSpend,
    alreadyFired: pass.fired,
  });
  const commitmentEnds = commitmentEndViews(ends);
  return fired.map((firing) => ({
    organizationId,
    dedupeKey: firing.dedupeKey,
    sourceKind: 'budget',
    sourceId: budget.id,
    ...(firing.threshold.basis === 'forecast'
      ? budgetAlertText(budget, firing, asOf, {
          liveRunRateUsd: live.launchesUsd,
          meteredUsd: live.meteredUsd,
          commitmentEnds,
        })
      : budgetAlertText(budget, firing, asOf)),
    details: {
      ...watched(budget.filter).details,
      period: firing.period,
      threshold: firing.threshold,
      spend: firing.spend,
      amount: budget.amount,
      forecastLiveRunRateUsd: live.usd,
      forecastMeteredUsd: live.meteredUsd,
      forecastCommitmentEnds: commitmentEnds,
      asOf,
    },
    accountIds: budget.filter.account_ids,
  }));
}
