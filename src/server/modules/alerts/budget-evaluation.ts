import { evaluateBudgetThresholds } from '../../../domain/budgets.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredBudget } from './alert-rules.service.ts';
import { budgetSpendAsOf } from './alert-spend.ts';
import { budgetAlertText } from './alert-wording.ts';
import { type EvaluationPass, watched } from './evaluation-pass.ts';
import { forecastWithLiveRunRate, liveForecastOf } from './live-forecast.ts';

/** A budget's thresholds crossed (or forecast to be) in its current period, not fired before. */
export async function budgetNotifications(
  pass: EvaluationPass,
  budget: StoredBudget,
): Promise<NewNotification[]> {
  const { organizationId, asOf } = pass;
  const spend = await budgetSpendAsOf(pass.read, organizationId, budget, asOf, pass.today);
  const live = liveForecastOf(pass.live, budget, spend.period);
  const fired = evaluateBudgetThresholds({
    budget,
    today: asOf,
    actualSpend: spend.actual,
    forecastSpend: forecastWithLiveRunRate(spend.actual, spend.forecast, live.usd),
    alreadyFired: pass.fired,
  });
  return fired.map((firing) => ({
    organizationId,
    dedupeKey: firing.dedupeKey,
    sourceKind: 'budget',
    sourceId: budget.id,
    ...(firing.threshold.basis === 'forecast'
      ? budgetAlertText(budget, firing, asOf, live.launchesUsd, live.meteredUsd)
      : budgetAlertText(budget, firing, asOf)),
    details: {
      ...watched(budget.filter).details,
      period: firing.period,
      threshold: firing.threshold,
      spend: firing.spend,
      amount: budget.amount,
      forecastLiveRunRateUsd: live.usd,
      forecastMeteredUsd: live.meteredUsd,
      asOf,
    },
    accountIds: budget.filter.account_ids,
  }));
}
