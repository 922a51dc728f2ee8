import { idleInstanceDedupeKey } from '../../../domain/idle-instances.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredRule } from './alert-rules.service.ts';
import { idleInstanceAlertText } from './alert-wording.ts';
import type { EvaluationPass } from './evaluation-pass.ts';
import { mutedInstances } from './instance-mutes.repository.ts';

/** Idle instances in the rule's accounts, not muted, not alerted for this 14-day window yet. */
export async function idleInstanceNotifications(
  pass: Pick<EvaluationPass, 'db' | 'organizationId' | 'fired' | 'now'>,
  rule: StoredRule,
  findings: IdleEc2Finding[],
): Promise<NewNotification[]> {
  const muted = await mutedInstances(pass.db, pass.organizationId, pass.now);
  const watchedAccounts = rule.filter.account_ids;
  return findings
    .filter((finding) => !muted.has(finding.instanceId))
    .filter((finding) => watchedAccounts.length === 0 || watchedAccounts.includes(finding.accountId))
    .map((finding) => ({
      finding,
      dedupeKey: idleInstanceDedupeKey(rule.id, finding.instanceId, finding.windowEnd),
    }))
    .filter(({ dedupeKey }) => !pass.fired.has(dedupeKey))
    .map(({ finding, dedupeKey }) => ({
      organizationId: pass.organizationId,
      dedupeKey,
      sourceKind: 'idle-ec2',
      sourceId: rule.id,
      ...idleInstanceAlertText(finding),
      details: { tag: null, instanceId: finding.instanceId, findingId: finding.findingId },
      accountIds: [finding.accountId],
    }));
}
