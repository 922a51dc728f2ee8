import type { Kysely } from 'kysely';
import type { ResourceActionView } from '../../../contracts/actions.ts';
import type { AutomaticPolicy } from '../../../domain/automatic-actions.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { listDeliveriesOf } from './alert-delivery.repository.ts';
import { findNotification } from './alert-outbox.repository.ts';
import { actionReplyMail, type StopOffer } from './alert-wording.ts';
import { findSlackConnection } from './slack.repository.ts';
import { slackThreadReply } from './slack-action-wording.ts';

/**
 * What alerts need of the actions module (decision 111): the stop a launch alert offers, proposed once
 * per alert, and its confirmation page's address while it waits.
 */
export interface LaunchAlertActions {
  proposeForAlert(alert: {
    organizationId: string;
    notificationId: string;
    launchId: string | null;
    instances: Array<{ instanceId: string; integrationId: string; region: string; accountId: string }>;
    automatic: AlertAutomaticPolicy | null;
  }): Promise<void>;
  alertLinkOf(notificationId: string): Promise<StopOffer | null>;
  alertLinkOfAction(organizationId: string, actionId: string): Promise<StopOffer | null>;
  /** The proposal as a person sees it (its dry run), or 404 outside their organization. */
  get(viewer: Viewer, actionId: string): Promise<ResourceActionView>;
  /**
   * A Slack button (decision 132): confirms, keeps or undoes (answering the undo's own action), as that
   * person, under the same approval rules.
   */
  decideFromSlack(
    viewer: Viewer,
    actionId: string,
    decision: 'confirm' | 'keep' | 'undo',
  ): Promise<ResourceActionView>;
}

/** A launch rule's automatic policy as the alert kept it when it fired (decision 121). */
export interface AlertAutomaticPolicy {
  policy: AutomaticPolicy;
  ruleName: string;
}

interface StoredAutoStop {
  mode: 'dry-run' | 'on';
  after_minutes: number;
  account_ids: string[];
  ruleName: string;
}

interface StoredLaunchResource {
  id: string;
  kind: string;
  region: string;
  integrationId: string;
  accountId: string;
}

type NotificationRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

/** The running EC2 instances a launch alert names (its details' resources), for the stop it offers. */
export function instancesOfLaunchAlert(notification: NotificationRow) {
  const details = (notification.details ?? {}) as {
    launchEventId?: string;
    resources?: StoredLaunchResource[];
    autoStop?: StoredAutoStop | null;
  };
  const autoStop = details.autoStop ?? null;
  return {
    organizationId: notification.organization_id,
    notificationId: notification.id,
    launchId: details.launchEventId ?? null,
    automatic: autoStop
      ? {
          policy: {
            mode: autoStop.mode,
            afterMinutes: autoStop.after_minutes,
            accountIds: autoStop.account_ids,
          },
          ruleName: autoStop.ruleName,
        }
      : null,
    instances: (details.resources ?? [])
      .filter((resource) => resource.kind === 'ec2-instance' && /^i-[0-9a-f]{8,17}$/.test(resource.id))
      .map((resource) => ({
        instanceId: resource.id,
        integrationId: resource.integrationId,
        region: resource.region,
        accountId: resource.accountId,
      })),
  };
}

/**
 * After an action on an alert's resources ran, each address the alert mail reached gets a reply in the
 * same thread: In-Reply-To and References name the alert mail's Message-ID.
 */
export async function tellAlertThread(
  deps: {
    db: Kysely<DatabaseSchema>;
    mailer: Mailer;
    publicUrl: string;
    /** Replies in the thread of each alert the Slack app posted (decision 132); off when absent. */
    postToSlack?: (
      connection: NonNullable<Awaited<ReturnType<typeof findSlackConnection>>>,
      message: { text: string; thread_ts?: string },
    ) => Promise<unknown>;
  },
  event: { notificationId: string; actionId: string; summary: string; lines: string[] },
): Promise<number> {
  const notification = await findNotification(deps.db, event.notificationId);
  if (!notification) return 0;
  const deliveries = await listDeliveriesOf(deps.db, [notification.id]);
  const mails = deliveries.filter(
    (delivery) => delivery.channel === 'email' && delivery.delivered_at !== null,
  );
  const posted = deliveries.filter((delivery) => delivery.slack_channel && delivery.slack_ts);
  const connection =
    posted.length > 0 ? await findSlackConnection(deps.db, notification.organization_id) : undefined;
  if (deps.postToSlack && connection?.bot_token_sealed)
    for (const delivery of posted)
      await deps.postToSlack(
        { ...connection, channel: delivery.slack_channel },
        { ...slackThreadReply(event.summary, event.lines), thread_ts: delivery.slack_ts ?? undefined },
      );
  for (const delivery of mails)
    await deps.mailer.send(
      actionReplyMail({
        to: delivery.recipient,
        title: notification.title,
        alertMessageId: alertMessageIdOf(delivery.id),
        summary: event.summary,
        lines: event.lines,
        actionsLogUrl: `${deps.publicUrl}/actions-log`,
      }),
    );
  return mails.length + (connection?.bot_token_sealed ? posted.length : 0);
}

/** The Message-ID of an alert mail, one per delivery: replies name it to join its thread. */
export const alertMessageIdOf = (deliveryId: string) => `<alert-${deliveryId}@spendguard>`;
