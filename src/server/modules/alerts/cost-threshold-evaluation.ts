import { costThresholdSettings } from '../../../contracts/alerts.ts';
import { addDays, eachDay, type IsoDay } from '../../../domain/calendar-days.ts';
import {
  type CostThresholdRule,
  evaluateCostThreshold,
  TRAILING_AVERAGE_DAYS,
} from '../../../domain/cost-thresholds.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredRule } from './alert-rules.service.ts';
import { costThresholdAlertText } from './alert-wording.ts';
import { type EvaluationPass, watched } from './evaluation-pass.ts';

/**
 * A cost-threshold rule on the judged day. Days before the organization's first day of data are
 * left out of the trailing average; later days without spend count as zero.
 */
export async function costThresholdNotifications(
  pass: EvaluationPass,
  rule: StoredRule,
  firstDay: IsoDay,
): Promise<NewNotification[]> {
  const { organizationId, asOf } = pass;
  const settings = costThresholdSettings.parse(rule.settings);
  const from = addDays(asOf, -TRAILING_AVERAGE_DAYS);
  const rows = await pass.read(organizationId, rule.filter, 'unblended', from, asOf);
  const dailyCosts = new Map<IsoDay, number>();
  for (const day of eachDay(from, asOf)) if (day >= firstDay) dailyCosts.set(day, 0);
  for (const row of rows) dailyCosts.set(row.day, row.cost);
  const domainRule: CostThresholdRule =
    settings.mode === 'daily-amount'
      ? { id: rule.id, kind: 'daily-amount', amountUsd: settings.amount_usd }
      : { id: rule.id, kind: 'above-trailing-average', percent: settings.percent };
  const verdict = evaluateCostThreshold({
    rule: domainRule,
    day: asOf,
    dailyCosts,
    alreadyFired: pass.fired,
  });
  if (verdict.verdict !== 'fires') return [];
  return [
    {
      organizationId,
      dedupeKey: verdict.dedupeKey,
      sourceKind: 'cost-threshold',
      sourceId: rule.id,
      ...costThresholdAlertText(rule, asOf, verdict),
      details: { ...watched(rule.filter).details, day: asOf, cost: verdict.cost, limit: verdict.limit },
      accountIds: rule.filter.account_ids,
    },
  ];
}
