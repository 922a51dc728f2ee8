/**
 * What an endpoint receives (docs/webhooks.md): the JSON body of schema version 1 for a signed webhook,
 * and an Adaptive Card for a Microsoft Teams Workflows webhook. Both carry what the Slack message
 * carries: the title, the summary, the facts and the acknowledge link.
 */

import { formatInstantUtc } from '../../../domain/calendar-labels.ts';
import { acknowledgeLabel, type StopOffer, stopOfferLine } from './alert-wording.ts';

export const WEBHOOK_SCHEMA_VERSION = 1;

export type WebhookEventType = 'alert.fired' | 'digest.daily' | 'digest.weekly' | 'test';

/** The notification as the outbox holds it. */
export interface OutboxNotification {
  id: string;
  organization_id: string;
  source_kind: string;
  source_id: string | null;
  title: string;
  summary: string;
  details: unknown;
  account_ids: unknown;
  fired_at: Date;
}

export function webhookEventType(
  notification: Pick<OutboxNotification, 'source_kind' | 'details'>,
): WebhookEventType {
  if (notification.source_kind === 'endpoint-test') return 'test';
  if (notification.source_kind === 'digest')
    return (notification.details as { period?: string }).period === 'weekly'
      ? 'digest.weekly'
      : 'digest.daily';
  return 'alert.fired';
}

/** The signed JSON body; `id` is the delivery's, the same on every retry and redelivery (an idempotency key). */
export function webhookBody(input: {
  deliveryId: string;
  notification: OutboxNotification;
  acknowledgeUrl: string | null;
  notificationsUrl: string;
}): Record<string, unknown> {
  const { notification } = input;
  const type = webhookEventType(notification);
  const body: Record<string, unknown> = {
    schema_version: WEBHOOK_SCHEMA_VERSION,
    id: input.deliveryId,
    type,
    created_at: notification.fired_at.toISOString(),
    organization_id: notification.organization_id,
    notifications_url: input.notificationsUrl,
  };
  if (type === 'digest.daily' || type === 'digest.weekly') {
    const { digest } = notification.details as { digest: Record<string, unknown> };
    body.digest = { title: notification.title, summary: notification.summary, ...digest };
    return body;
  }
  const reminderOf = (notification.details as { reminderOf?: string } | null)?.reminderOf ?? null;
  body.alert = {
    id: notification.id,
    kind: type === 'test' ? 'test' : notification.source_kind,
    /** The budget or alert rule that fired. */
    source_id: type === 'test' ? null : notification.source_id,
    title: notification.title,
    summary: notification.summary,
    fired_at: notification.fired_at.toISOString(),
    account_ids: Array.isArray(notification.account_ids) ? notification.account_ids : [],
    reminder_of: reminderOf,
    facts: type === 'test' ? {} : (notification.details ?? {}),
    acknowledge_url: input.acknowledgeUrl,
  };
  return body;
}

const KIND_NAMES: Record<string, string> = {
  budget: 'Budget',
  'cost-threshold': 'Cost threshold',
  anomaly: 'Cost anomaly',
  'idle-ec2': 'Idle EC2 instance',
  launch: 'Launch',
  'live-spend': 'Live spend',
  commitments: 'Commitment',
  digest: 'Spend digest',
  'endpoint-test': 'Test',
};

/**
 * A Teams message with one Adaptive Card (1.4, which Teams renders everywhere): the title, the summary
 * line by line, the facts, and buttons that open the acknowledge link and Spendguard.
 */
export function teamsAlertCard(input: {
  notification: OutboxNotification;
  acknowledgeUrl: string | null;
  notificationsUrl: string;
  /**
   * A launch alert's waiting stop (decision 132): the signed, single-use link to the confirmation page
   * that shows the dry run, as the mail gives it. Teams has no signed interactions here, so a link.
   */
  stopOffer?: StopOffer | null;
}) {
  const { notification } = input;
  const accounts = Array.isArray(notification.account_ids) ? (notification.account_ids as string[]) : [];
  const facts = [
    { title: 'Kind', value: KIND_NAMES[notification.source_kind] ?? notification.source_kind },
    { title: 'Fired', value: formatInstantUtc(notification.fired_at) },
    ...(accounts.length > 0 ? [{ title: 'Accounts', value: accounts.join(', ') }] : []),
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body: [
            { type: 'TextBlock', text: notification.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...notification.summary
              .split('\n')
              .map((line) => ({ type: 'TextBlock', text: line, wrap: true, spacing: 'Small' })),
            { type: 'FactSet', facts },
            ...(input.stopOffer
              ? [{ type: 'TextBlock', text: stopOfferLine(input.stopOffer), wrap: true, spacing: 'Medium' }]
              : []),
          ],
          actions: [
            ...(input.acknowledgeUrl
              ? [
                  {
                    type: 'Action.OpenUrl',
                    title: acknowledgeLabel(notification.source_kind),
                    url: input.acknowledgeUrl,
                    style: 'positive',
                  },
                ]
              : []),
            ...(input.stopOffer
              ? [
                  {
                    type: 'Action.OpenUrl',
                    title: `Stop ${input.stopOffer.count} (dry run first)`,
                    url: input.stopOffer.url,
                    style: 'destructive',
                  },
                ]
              : []),
            { type: 'Action.OpenUrl', title: 'Open Spendguard', url: input.notificationsUrl },
          ],
        },
      },
    ],
  };
}
