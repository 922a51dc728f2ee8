import { WebClient } from '@slack/web-api';
import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contracts/alerts.ts';
import { alertReachesScope } from '../../../domain/alert-audience.ts';
import { planAllows } from '../../../domain/plans.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { alertDeliveryJob, MAX_DELIVERY_ATTEMPTS } from '../../jobs/alert-delivery.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import {
  claimDelivery,
  type findDelivery,
  finishAttempt,
  insertDeliveries,
  markAttemptFailed,
  markDelivered,
  type NewDelivery,
  recordAttemptStart,
  recordSlackMessage,
  staleDeliveryIds,
} from './alert-delivery.repository.ts';
import {
  ACKNOWLEDGE_LINK_DAYS,
  type AlertLinkTokens,
  type LinkSubject,
  type SecretBox,
  UNSUBSCRIBE_LINK_DAYS,
} from './alert-link-tokens.ts';
import { findNotification } from './alert-outbox.repository.ts';
import { listOrganizationPeople, listRecipients } from './alert-recipients.repository.ts';
import { acknowledgeLinkKind, alertMail, alertSlackMessage } from './alert-wording.ts';
import { createEndpointDelivery } from './endpoint-delivery.ts';
import { alertMessageIdOf, instancesOfLaunchAlert, type LaunchAlertActions } from './launch-alert-actions.ts';
import { kindsOfPreference, watchesOf } from './notifications.service.ts';
import { findSlackConnection, slackDigestOf } from './slack.repository.ts';
import type { WebhookTargetPolicy } from './webhook-transport.ts';

/** A worker holds a delivery this long; a worker that dies lets it go when the lease runs out. */
export const DELIVERY_LEASE_MS = 60_000;

export interface SlackSettings {
  apiUrl: string | undefined;
  /** A signing secret is set: Slack's interactions can be verified, so the app's posts carry buttons. */
  interactive?: boolean;
}

/** A Slack webhook or API answer that is not a success. */
class DeliveryError extends Error {}

export function createAlertDelivery(deps: {
  db: Kysely<DatabaseSchema>;
  queue: Queue | undefined;
  mailer: Mailer;
  tokens: AlertLinkTokens;
  secrets: SecretBox;
  organizations: OrganizationsService;
  billing: BillingService;
  publicUrl: string;
  slack: SlackSettings;
  /** Webhook and Teams endpoints (decision 058): their sealed secrets and the target policy. Off when absent. */
  webhooks?: { secrets: SecretBox; policy: WebhookTargetPolicy };
  /** The stop a launch alert offers (decision 111); off when absent. */
  launchActions?: LaunchAlertActions;
  leaseMs?: number;
  log: { error(details: object, message: string): void };
  now: () => Date;
}) {
  const { db, queue, mailer, tokens, secrets, organizations, billing, publicUrl, log } = deps;
  const leaseMs = deps.leaseMs ?? DELIVERY_LEASE_MS;
  const notificationsUrl = `${publicUrl}/notification`;
  const endpoints = deps.webhooks
    ? createEndpointDelivery({
        db,
        secrets: deps.webhooks.secrets,
        policy: deps.webhooks.policy,
        mailer,
        publicUrl,
        acknowledgeUrl,
        stopOfferOf: (notification) => stopOfferOf(notification),
        maxAttempts: MAX_DELIVERY_ATTEMPTS,
        now: deps.now,
      })
    : undefined;

  /** Who receives a notification: people by their preferences and team scope, confirmed extra addresses, Slack. */
  async function planDeliveries(notificationId: string): Promise<NewDelivery[]> {
    const notification = await findNotification(db, notificationId);
    if (!notification) return [];
    if (notification.source_kind === 'launch') await offerStop(notification);
    const toEndpoints = endpoints ? await endpoints.plannedFor(notification) : [];
    const kind = notification.source_kind as NotificationKind;
    // Digests reach endpoints and a Slack channel that takes them, endpoint tests the endpoint alone;
    // people get their digest by mail (alert-digests.ts).
    if (kind === ('digest' as string)) return [...(await slackDigestDelivery(notification)), ...toEndpoints];
    if (!NOTIFICATION_KINDS.includes(kind) && kind !== ('test' as string)) return toEndpoints;
    const watches = watchesOf(notification);
    const deliveries: NewDelivery[] = [];
    for (const person of await listOrganizationPeople(db, notification.organization_id)) {
      if (person.pref_email === false) continue;
      if (kind !== ('test' as string) && !kindsOfPreference(person.pref_muted_kinds).includes(kind)) continue;
      const scope = await organizations.costScopeFor({
        organizationId: notification.organization_id,
        userId: person.user_id,
      });
      if (!alertReachesScope(scope, watches)) continue;
      deliveries.push({
        channel: 'email',
        recipient: person.email.toLowerCase(),
        recipientUserId: person.user_id,
      });
    }
    for (const recipient of await listRecipients(db, notification.organization_id)) {
      if (!recipient.confirmed_at || recipient.unsubscribed_at) continue;
      if (deliveries.some((delivery) => delivery.recipient === recipient.email)) continue;
      deliveries.push({ channel: 'email', recipient: recipient.email, recipientUserId: null });
    }
    const slack = await findSlackConnection(db, notification.organization_id);
    const { planInForce } = await billing.entitlements(notification.organization_id);
    if (
      slack &&
      planAllows(planInForce, 'slack-alerts') &&
      kindsOfPreference(slack.muted_kinds).includes(kind)
    ) {
      deliveries.push({ channel: 'slack', recipient: slackRecipientOf(slack), recipientUserId: null });
    }
    // Endpoints go with Slack: alerts to chat and other tools are the paid plan's (decision 058).
    if (planAllows(planInForce, 'slack-alerts')) deliveries.push(...toEndpoints);
    return deliveries;
  }

  /** The channel's digest when it takes this period's; the digest job already checked the plan. */
  async function slackDigestDelivery(notification: { organization_id: string; details: unknown }) {
    const slack = await findSlackConnection(db, notification.organization_id);
    const period = (notification.details as { period?: string } | null)?.period;
    if (!slack || slackDigestOf(slack) !== period) return [];
    return [{ channel: 'slack' as const, recipient: slackRecipientOf(slack), recipientUserId: null }];
  }

  async function enqueue(deliveryIds: string[]): Promise<void> {
    if (queue) {
      for (const deliveryId of deliveryIds) await sendJob(queue, alertDeliveryJob, { deliveryId });
      return;
    }
    // Without a queue (a test app, a one-off script) deliveries go out right away, once each.
    for (const deliveryId of deliveryIds) {
      await deliver(deliveryId, 'inline').catch((error: unknown) =>
        log.error({ err: error, deliveryId }, 'an alert delivery failed'),
      );
    }
  }

  /** The outbox row exists first; then its deliveries are written and handed to the workers. */
  async function dispatch(notificationId: string): Promise<string[]> {
    return dispatchTo(notificationId, await planDeliveries(notificationId));
  }

  /** Writes the given deliveries of a notification already in the outbox, and hands them to the workers. */
  async function dispatchTo(notificationId: string, planned: NewDelivery[]): Promise<string[]> {
    const created = await insertDeliveries(db, notificationId, planned);
    const ids = created.map((row) => row.id);
    await enqueue(ids);
    return ids;
  }

  /** Proposes the stop a launch alert offers, once; an alert is never held back by it. */
  async function offerStop(notification: NonNullable<Awaited<ReturnType<typeof findNotification>>>) {
    if (!deps.launchActions) return;
    try {
      await deps.launchActions.proposeForAlert(instancesOfLaunchAlert(notification));
    } catch (error) {
      log.error(
        { err: error, notificationId: notification.id },
        'the stop a launch alert offers was not proposed',
      );
    }
  }

  const stopOfferOf = async (notification: { id: string; source_kind: string }) =>
    notification.source_kind === 'launch' && deps.launchActions
      ? deps.launchActions.alertLinkOf(notification.id)
      : null;

  function acknowledgeUrl(
    notification: { id: string; source_kind: string },
    subject: LinkSubject,
  ): string | null {
    const linkKind = acknowledgeLinkKind(notification.source_kind);
    if (!linkKind) return null;
    return `${publicUrl}/${linkKind}/${tokens.issue(linkKind, notification.id, subject, ACKNOWLEDGE_LINK_DAYS)}`;
  }

  async function sendEmail(
    delivery: NonNullable<Awaited<ReturnType<typeof findDelivery>>>,
    notification: NonNullable<Awaited<ReturnType<typeof findNotification>>>,
  ) {
    const subject: LinkSubject = delivery.recipient_user_id
      ? { kind: 'user', id: delivery.recipient_user_id }
      : { kind: 'recipient', id: await recipientIdOf(notification.organization_id, delivery.recipient) };
    const unsubscribeTarget = `${notification.organization_id}`;
    const unsubscribe = tokens.issue('unsubscribe', unsubscribeTarget, subject, UNSUBSCRIBE_LINK_DAYS);
    await mailer.send(
      alertMail({
        to: delivery.recipient,
        alert: { kind: notification.source_kind, title: notification.title, summary: notification.summary },
        acknowledgeUrl: acknowledgeUrl(notification, subject),
        unsubscribePageUrl: `${publicUrl}/unsubscribe/${unsubscribe}`,
        unsubscribeApiUrl: `${publicUrl}/api/alert-links/unsubscribe/${unsubscribe}`,
        messageId: alertMessageIdOf(delivery.id),
        notificationsUrl,
        stopOffer: await stopOfferOf(notification),
      }),
    );
  }

  async function recipientIdOf(organizationId: string, email: string): Promise<string> {
    const recipient = (await listRecipients(db, organizationId)).find((entry) => entry.email === email);
    if (!recipient) throw new DeliveryError(`${email} is no longer a recipient`);
    return recipient.id;
  }

  async function sendSlack(
    deliveryId: string,
    notification: NonNullable<Awaited<ReturnType<typeof findNotification>>>,
  ) {
    const connection = await findSlackConnection(db, notification.organization_id);
    if (!connection) throw new DeliveryError('Slack is no longer connected.');
    if (notification.source_kind === 'digest') {
      const digest = { kind: 'digest', title: notification.title, summary: notification.summary };
      await postToSlack(connection, alertSlackMessage(digest, null, notificationsUrl));
      return;
    }
    const subject: LinkSubject = { kind: 'slack', id: notification.organization_id };
    // The Slack app, when the server can verify Slack's signed interactions, gets the stop as a button
    // answered in Slack (decision 132); a webhook gets it as a link to the confirmation page. An app
    // without a signing secret gets no stop: its button could not be answered.
    const byApp = Boolean(connection.bot_token_sealed);
    const interactive = byApp && deps.slack.interactive === true;
    const message = alertSlackMessage(
      { kind: notification.source_kind, title: notification.title, summary: notification.summary },
      acknowledgeUrl(notification, subject),
      notificationsUrl,
      !byApp || interactive ? await stopOfferOf(notification) : null,
      interactive ? { organizationId: notification.organization_id } : null,
    );
    const posted = await postToSlack(connection, message);
    if (posted) await recordSlackMessage(db, deliveryId, posted);
  }

  /** Posts a message; through the Web API it answers where Slack put it (a webhook does not say). */
  async function postToSlack(
    connection: NonNullable<Awaited<ReturnType<typeof findSlackConnection>>>,
    message: { text: string; blocks?: Array<Record<string, unknown>>; thread_ts?: string },
  ): Promise<{ channel: string; ts: string } | null> {
    if (connection.bot_token_sealed) {
      const client = new WebClient(secrets.open(connection.bot_token_sealed), {
        slackApiUrl: deps.slack.apiUrl,
        retryConfig: { retries: 0 },
      });
      const answer = await client.chat.postMessage({ channel: connection.channel ?? '', ...message });
      if (!answer.ok) throw new DeliveryError(`Slack answered ${answer.error ?? 'not ok'}`);
      return answer.channel && answer.ts ? { channel: answer.channel, ts: answer.ts } : null;
    }
    if (!connection.webhook_url_sealed) throw new DeliveryError('Slack has no webhook or token.');
    const response = await fetch(secrets.open(connection.webhook_url_sealed), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      throw new DeliveryError(`Slack webhook answered ${response.status} ${await response.text()}`);
    return null;
  }

  /**
   * One attempt at one delivery. The claim decides who sends; every attempt is recorded; a failure
   * is thrown so pg-boss retries it later (exponential backoff) until the last attempt.
   */
  async function deliver(deliveryId: string, worker: string): Promise<'delivered' | 'skipped' | 'failed'> {
    const delivery = await claimDelivery(db, deliveryId, leaseMs);
    if (!delivery) return 'skipped';
    const attempt = await recordAttemptStart(db, delivery.id, delivery.attempts, worker);
    const notification = await findNotification(db, delivery.notification_id);
    if (delivery.endpoint_id) {
      if (!endpoints) {
        await finishAttempt(db, attempt.id, 'failed', 'webhooks are off on this worker');
        await markAttemptFailed(db, delivery.id, 'webhooks are off on this worker', false);
        throw new DeliveryError('webhooks are off on this worker');
      }
      return endpoints.attempt({ ...delivery, endpoint_id: delivery.endpoint_id }, attempt.id, notification);
    }
    try {
      if (!notification) throw new DeliveryError('the notification is gone');
      if (delivery.channel === 'email') await sendEmail(delivery, notification);
      else await sendSlack(delivery.id, notification);
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const final = delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
      await finishAttempt(db, attempt.id, 'failed', message);
      await markAttemptFailed(db, delivery.id, message, final);
      throw error;
    }
    await markDelivered(db, delivery.id);
    await finishAttempt(db, attempt.id, 'delivered', null);
    return 'delivered';
  }

  /** Deliveries a dead worker left behind (lease expired) or never handed to a worker. */
  async function sweep(): Promise<number> {
    const ids = await staleDeliveryIds(db, leaseMs);
    await enqueue(ids);
    return ids.length;
  }

  return {
    dispatch,
    dispatchTo,
    /** The delivery that sends a notification to one endpoint (tests, digests). */
    deliveryToEndpoint: (endpoint: { id: string; kind: string }) => endpoints?.deliveryTo(endpoint),
    deliver,
    enqueue,
    postToSlack,
    sweep,
  };
}

export function slackRecipientOf(connection: { channel: string | null; mode: string }): string {
  return connection.channel ? `slack:${connection.channel}` : `slack:${connection.mode}`;
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
