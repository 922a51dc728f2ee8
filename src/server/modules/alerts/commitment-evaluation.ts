import { commitmentsSettings } from '../../../contracts/alerts.ts';
import {
  returnWindowAlertText,
  returnWindowDedupeKey,
  underUse,
  underUseAlertText,
  underUseDedupeKey,
} from '../../../domain/commitment-alerts.ts';
import { dueExpiryLead, expiryAlertText, expiryDedupeKey } from '../../../domain/commitment-expiry.ts';
import { startAlertText, startDedupeKey, startIsDue } from '../../../domain/commitment-starts.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import type { CommitmentAlertFacts } from '../commitments/commitment-alert-facts.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredRule } from './alert-rules.service.ts';

/** The commitments of an organization with what the alerts judge, read at the clock's instant. */
export type CommitmentFactsSource = (organizationId: string, now: Date) => Promise<CommitmentAlertFacts[]>;

/** Commitments billed outside some accounts, as the part their covered usage carries (decision 139). */
export type CommitmentPartsSource = (
  organizationId: string,
  facts: readonly CommitmentAlertFacts[],
  scope: CostScope,
) => Promise<CommitmentAlertFacts[]>;

export interface CommitmentEvaluationContext {
  organizationId: string;
  fired: ReadonlySet<string>;
  /** The pass's instant: a queued purchase's start is announced within its week (decision 122). */
  now: Date;
  /** Read once per pass, whatever the number of commitments rules. */
  commitments: () => Promise<CommitmentAlertFacts[]>;
}

/**
 * A commitments rule (docs/decisions/105; the expiry rule is docs/decisions/099): each commitment the
 * rule's accounts own whose end reached a lead time not announced yet, that was under-used on each of
 * the latest days, that can still be returned, or that the AWS APIs listed queued and that started
 * (docs/decisions/122). The outbox keys make each fire once.
 */
export async function commitmentNotifications(
  context: CommitmentEvaluationContext,
  rule: StoredRule,
): Promise<NewNotification[]> {
  const settings = commitmentsSettings.parse(rule.settings);
  const accounts = rule.filter.account_ids;
  const watched = (await context.commitments()).filter(
    (commitment) => accounts.length === 0 || accounts.includes(commitment.ownerAccountId),
  );
  const notifications: NewNotification[] = [];
  const base = (commitment: CommitmentAlertFacts, dedupeKey: string, details: Record<string, unknown>) => ({
    organizationId: context.organizationId,
    dedupeKey,
    sourceKind: 'commitments',
    sourceId: rule.id,
    accountIds: commitment.ownerAccountId ? [commitment.ownerAccountId] : [],
    details: {
      tag: null,
      commitmentId: commitment.commitmentId,
      commitmentType: commitment.type,
      integrationId: commitment.integrationId,
      ...details,
    },
  });
  for (const commitment of watched) {
    const announced = new Set(
      settings.expiry_lead_days.filter((lead) =>
        context.fired.has(expiryDedupeKey(commitment.commitmentId, lead)),
      ),
    );
    const lead = dueExpiryLead(commitment.daysLeft, settings.expiry_lead_days, announced);
    if (lead !== null && commitment.endsAt && commitment.daysLeft !== null) {
      const text = expiryAlertText({
        type: commitment.type,
        commitmentId: commitment.commitmentId,
        endsAt: commitment.endsAt,
        daysLeft: commitment.daysLeft,
        last30Days: commitment.last30Days,
      });
      notifications.push({
        ...base(commitment, expiryDedupeKey(commitment.commitmentId, lead), {
          condition: 'expiry',
          leadDays: lead,
          endsAt: commitment.endsAt,
          daysLeft: commitment.daysLeft,
        }),
        ...text,
      });
    }
    if (settings.utilization_below_percent !== null) {
      const use = underUse(commitment.days, settings.utilization_below_percent, settings.utilization_days);
      const key = use ? underUseDedupeKey(commitment.commitmentId, use.toDay) : null;
      if (use && key && !context.fired.has(key))
        notifications.push({
          ...base(commitment, key, { condition: 'utilization', ...use }),
          ...underUseAlertText(commitment, use, settings.utilization_below_percent),
        });
    }
    const startKey = startDedupeKey(commitment.commitmentId);
    if (
      settings.start_announcement &&
      commitment.queuedStart &&
      startIsDue(commitment.queuedStart, context.now) &&
      !context.fired.has(startKey)
    )
      notifications.push({
        ...base(commitment, startKey, { condition: 'start', startsAt: commitment.queuedStart }),
        ...startAlertText({
          type: commitment.type,
          commitmentId: commitment.commitmentId,
          startsAt: commitment.queuedStart,
          hourlyCommitmentUsd: commitment.hourlyCommitmentUsd,
          reservedCount: commitment.reservedCount ?? null,
        }),
      });
    const key = returnWindowDedupeKey(commitment.commitmentId);
    if (
      settings.return_window &&
      commitment.returnableUntil &&
      commitment.startsAt &&
      commitment.hourlyCommitmentUsd !== null &&
      !context.fired.has(key)
    )
      notifications.push({
        ...base(commitment, key, { condition: 'return-window', closesAt: commitment.returnableUntil }),
        ...returnWindowAlertText(
          {
            type: commitment.type,
            commitmentId: commitment.commitmentId,
            hourlyCommitmentUsd: commitment.hourlyCommitmentUsd,
            startsAt: commitment.startsAt,
          },
          commitment.returnableUntil,
        ),
      });
  }
  return notifications;
}
