/**
 * The webhook and Teams channel of the outbox (decision 058): which endpoints a notification goes to,
 * and one attempt at one delivery — signed JSON or an Adaptive Card, through the checked transport —
 * with the answer recorded, retries left to pg-boss, and an endpoint failing for days paused.
 */
import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contracts/alerts.ts';
import { kindsTurnedOn } from '../../../domain/alert-kind-choices.ts';
import {
  WEBHOOK_PAUSE_AFTER_DAYS,
  webhookAnswerVerdict,
  webhookPauseDue,
} from '../../../domain/webhook-deliveries.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  finishAttempt,
  markAttemptFailed,
  markDelivered,
  type NewDelivery,
} from './alert-delivery.repository.ts';
import type { LinkSubject, SecretBox } from './alert-link-tokens.ts';
import { listOrganizationPeople } from './alert-recipients.repository.ts';
import { endpointPausedMail, type StopOffer } from './alert-wording.ts';
import {
  findEndpointById,
  listEndpoints,
  pauseEndpoint,
  recordEndpointFailure,
  recordEndpointSuccess,
} from './webhook-endpoints.repository.ts';
import {
  type OutboxNotification,
  teamsAlertCard,
  webhookBody,
  webhookEventType,
} from './webhook-payloads.ts';
import { SIGNATURE_HEADER, signatureHeaderValue } from './webhook-signature.ts';
import { postToWebhookTarget, type WebhookAnswer, type WebhookTargetPolicy } from './webhook-transport.ts';

type Endpoint = NonNullable<Awaited<ReturnType<typeof findEndpointById>>>;

/** A failed attempt that pg-boss should try again; its message is the delivery's last error. */
export class RetryableDeliveryError extends Error {}

export function createEndpointDelivery(deps: {
  db: Kysely<DatabaseSchema>;
  /** The endpoints' sealed URLs and secrets (`createSecretBox(secret, 'webhook-secrets')`). */
  secrets: SecretBox;
  policy: WebhookTargetPolicy;
  mailer: Mailer;
  publicUrl: string;
  acknowledgeUrl: (notification: OutboxNotification, subject: LinkSubject) => string | null;
  /** A launch alert's waiting stop, given to Teams as a link (decision 132); none when absent. */
  stopOfferOf?: (notification: OutboxNotification) => Promise<StopOffer | null>;
  maxAttempts: number;
  now: () => Date;
}) {
  const { db, secrets, policy, mailer, publicUrl, now } = deps;
  const notificationsUrl = `${publicUrl}/notification`;

  /** Alerts go to the endpoints that take their kind; a digest to those that take that digest. */
  async function plannedFor(notification: OutboxNotification): Promise<NewDelivery[]> {
    const period = (notification.details as { period?: unknown } | null)?.period;
    const wants = (endpoint: Endpoint) => {
      if (notification.source_kind === 'digest') return endpoint.digest === period;
      const kind = notification.source_kind as NotificationKind;
      return (
        NOTIFICATION_KINDS.includes(kind) &&
        kindsTurnedOn(NOTIFICATION_KINDS, endpoint.muted_kinds).includes(kind)
      );
    };
    return (await listEndpoints(db, notification.organization_id))
      .filter((endpoint) => endpoint.paused_at === null && wants(endpoint))
      .map((endpoint) => deliveryTo(endpoint));
  }

  function deliveryTo(endpoint: Pick<Endpoint, 'id' | 'kind'>): NewDelivery {
    return {
      channel: endpoint.kind === 'teams' ? 'teams' : 'webhook',
      recipient: `${endpoint.kind}:${endpoint.id}`,
      recipientUserId: null,
      endpointId: endpoint.id,
    };
  }

  function signingSecrets(endpoint: Endpoint): string[] {
    const current = endpoint.secret_sealed ? [secrets.open(endpoint.secret_sealed)] : [];
    const previousValid =
      endpoint.previous_secret_sealed &&
      endpoint.previous_secret_until &&
      endpoint.previous_secret_until > now();
    return previousValid ? [...current, secrets.open(endpoint.previous_secret_sealed!)] : current;
  }

  async function send(
    endpoint: Endpoint,
    deliveryId: string,
    notification: OutboxNotification,
  ): Promise<WebhookAnswer> {
    const acknowledgeUrl = deps.acknowledgeUrl(notification, { kind: 'endpoint', id: endpoint.id });
    const url = secrets.open(endpoint.url_sealed);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Spendguard-Webhooks/1',
    };
    if (endpoint.kind === 'teams') {
      const stopOffer = deps.stopOfferOf ? await deps.stopOfferOf(notification) : null;
      const card = teamsAlertCard({ notification, acknowledgeUrl, notificationsUrl, stopOffer });
      return postToWebhookTarget(url, JSON.stringify(card), headers, policy);
    }
    const body = JSON.stringify(webhookBody({ deliveryId, notification, acknowledgeUrl, notificationsUrl }));
    const timestamp = Math.floor(now().getTime() / 1000);
    headers[SIGNATURE_HEADER] = signatureHeaderValue(signingSecrets(endpoint), timestamp, body);
    headers['Spendguard-Event'] = webhookEventType(notification);
    headers['Spendguard-Delivery'] = deliveryId;
    return postToWebhookTarget(url, body, headers, policy);
  }

  /** Three days of failures in a row pause the endpoint; its owners are told once, by mail. */
  async function recordFailure(endpoint: Endpoint, error: string): Promise<void> {
    const at = now();
    const after = await recordEndpointFailure(db, endpoint.id, at);
    if (!after || !webhookPauseDue(after.failing_since, at)) return;
    if (!(await pauseEndpoint(db, endpoint.id, at))) return;
    const owners = (await listOrganizationPeople(db, endpoint.organization_id)).filter((person) =>
      person.role.split(',').includes('owner'),
    );
    for (const owner of owners) {
      await mailer.send(
        endpointPausedMail({
          to: owner.email,
          description: endpoint.description,
          kind: endpoint.kind === 'teams' ? 'teams' : 'webhook',
          days: WEBHOOK_PAUSE_AFTER_DAYS,
          lastError: error,
          settingsUrl: `${notificationsUrl}?tab=endpoints`,
        }),
      );
    }
  }

  /**
   * One claimed attempt at an endpoint's delivery. A 2xx delivers; a final answer (most 4xx, a refused
   * target) fails it at once; anything else is thrown for pg-boss to retry until the last attempt.
   */
  async function attempt(
    delivery: { id: string; attempts: number; endpoint_id: string },
    attemptId: string,
    notification: OutboxNotification | undefined,
  ): Promise<'delivered' | 'failed'> {
    const endpoint = await findEndpointById(db, delivery.endpoint_id);
    let answer: WebhookAnswer;
    if (!notification || !endpoint) {
      answer = {
        status: null,
        durationMs: 0,
        error: 'the endpoint or the notification is gone',
        refused: true,
      };
    } else if (endpoint.paused_at) {
      answer = {
        status: null,
        durationMs: 0,
        error: 'the endpoint is paused; resume it, then redeliver',
        refused: true,
      };
    } else answer = await send(endpoint, delivery.id, notification);
    const verdict = answer.refused ? 'final' : webhookAnswerVerdict(answer.status);
    const measured = { statusCode: answer.status, durationMs: answer.durationMs };
    if (verdict === 'delivered') {
      await finishAttempt(db, attemptId, 'delivered', null, measured);
      await markDelivered(db, delivery.id);
      await recordEndpointSuccess(db, delivery.endpoint_id);
      return 'delivered';
    }
    const error = (answer.error ?? 'failed').slice(0, 500);
    const final = verdict === 'final' || delivery.attempts >= deps.maxAttempts;
    await finishAttempt(db, attemptId, 'failed', error, measured);
    await markAttemptFailed(db, delivery.id, error, final);
    if (endpoint && !endpoint.paused_at) await recordFailure(endpoint, error);
    if (!final) throw new RetryableDeliveryError(error);
    return 'failed';
  }

  return { plannedFor, deliveryTo, attempt };
}

export type EndpointDelivery = ReturnType<typeof createEndpointDelivery>;
