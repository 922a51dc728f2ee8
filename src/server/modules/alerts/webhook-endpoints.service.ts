/**
 * Webhook and Teams endpoints of an organization (decision 058): owners and admins add them,
 * rotate a webhook's secret, send a test, read the delivery log and redeliver; every member reads them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../../contracts/alerts.ts';
import type {
  CreatedWebhookEndpoint,
  createWebhookEndpointInput,
  updateWebhookEndpointInput,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../../../contracts/webhooks.ts';
import { kindsTurnedOff, kindsTurnedOn } from '../../../domain/alert-kind-choices.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest, notFound } from '../../plugins/errors.ts';
import type { BillingService } from '../billing/billing.service.ts';
import {
  findEndpointDelivery,
  listAttemptsOfDeliveries,
  listEndpointDeliveries,
  reopenEndpointDelivery,
} from './alert-delivery.repository.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import type { SecretBox } from './alert-link-tokens.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';
import { requireAlertManager } from './alert-rules.service.ts';
import { endpointTestText } from './alert-wording.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  updateEndpoint,
} from './webhook-endpoints.repository.ts';
import { webhookEventType } from './webhook-payloads.ts';
import { newWebhookSecret, secretHint } from './webhook-signature.ts';
import { parseWebhookUrl, resolveWebhookTarget, type WebhookTargetPolicy } from './webhook-transport.ts';

/** Endpoints an organization may have: enough for every tool a team watches, few enough to stay an overview. */
export const MAX_ENDPOINTS = 10;
/** After a rotation the previous secret keeps signing this long, so receivers can switch without a gap. */
export const PREVIOUS_SECRET_HOURS = 24;
const DELIVERY_LOG_LENGTH = 50;

type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

function urlHint(url: string): string {
  const parsed = new URL(url);
  const tail = `${parsed.pathname}${parsed.search}`.slice(-4);
  return `${parsed.protocol}//${parsed.host}/…${tail}`;
}

export function endpointView(row: EndpointRow, now: Date): WebhookEndpointView {
  const previousValid = row.previous_secret_until && row.previous_secret_until > now;
  return {
    id: row.id,
    kind: row.kind === 'teams' ? 'teams' : 'webhook',
    description: row.description,
    url_hint: row.url_hint,
    alert_kinds: kindsTurnedOn(NOTIFICATION_KINDS, row.muted_kinds),
    digest: row.digest as WebhookEndpointView['digest'],
    secret_hint: row.secret_hint,
    previous_secret_valid_until: previousValid ? row.previous_secret_until!.toISOString() : null,
    paused_at: row.paused_at?.toISOString() ?? null,
    failing_since: row.failing_since?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export function createWebhookEndpointsService(deps: {
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  policy: WebhookTargetPolicy;
  billing: BillingService;
  delivery: AlertDelivery;
  now: () => Date;
}) {
  const { db, secrets, policy, billing, delivery, now } = deps;

  /** The same check as at delivery: a bad or private target is a 400 naming `url`. */
  async function checkedUrl(raw: string): Promise<string> {
    try {
      const url = parseWebhookUrl(raw, policy);
      await resolveWebhookTarget(url, policy);
      return url.toString();
    } catch (error) {
      throw badRequest(`url: ${(error as Error).message}`, 'InvalidWebhookUrl');
    }
  }

  async function endpointOf(viewer: Viewer, id: string): Promise<EndpointRow> {
    const row = await findEndpoint(db, viewer.organizationId, id);
    if (!row) throw notFound('Endpoint');
    return row;
  }

  async function manage(viewer: Viewer): Promise<void> {
    requireAlertManager(viewer);
    await billing.assertFeature(viewer, 'slack-alerts');
  }

  return {
    /** Every endpoint of the viewer's organization (any member may read them; secrets never leave). */
    async list(viewer: Viewer): Promise<WebhookEndpointView[]> {
      return (await listEndpoints(db, viewer.organizationId)).map((row) => endpointView(row, now()));
    },

    /** The same list for another module (budgets as code) that already checked who asks. */
    async listOfOrganization(organizationId: string): Promise<WebhookEndpointView[]> {
      return (await listEndpoints(db, organizationId)).map((row) => endpointView(row, now()));
    },

    async create(
      viewer: Viewer,
      input: z.output<typeof createWebhookEndpointInput>,
    ): Promise<CreatedWebhookEndpoint> {
      await manage(viewer);
      if ((await countEndpoints(db, viewer.organizationId)) >= MAX_ENDPOINTS)
        throw new ApiError(
          409,
          'TooManyEndpoints',
          `An organization has at most ${MAX_ENDPOINTS} endpoints.`,
        );
      const url = await checkedUrl(input.url);
      const secret = input.kind === 'webhook' ? newWebhookSecret() : null;
      const row = await insertEndpoint(db, viewer.organizationId, viewer.userId, {
        kind: input.kind,
        description: input.description,
        url_sealed: secrets.seal(url),
        url_hint: urlHint(url),
        mutedKinds: kindsTurnedOff(NOTIFICATION_KINDS, input.alert_kinds),
        digest: input.digest,
        secret_sealed: secret ? secrets.seal(secret) : null,
        secret_hint: secret ? secretHint(secret) : null,
      });
      return { ...endpointView(row, now()), secret };
    },

    async update(
      viewer: Viewer,
      id: string,
      input: z.output<typeof updateWebhookEndpointInput>,
    ): Promise<WebhookEndpointView> {
      await manage(viewer);
      await endpointOf(viewer, id);
      const url = input.url === undefined ? undefined : await checkedUrl(input.url);
      const row = await updateEndpoint(db, viewer.organizationId, id, {
        description: input.description,
        digest: input.digest,
        ...(url ? { url_sealed: secrets.seal(url), url_hint: urlHint(url) } : {}),
        ...(input.alert_kinds ? { mutedKinds: kindsTurnedOff(NOTIFICATION_KINDS, input.alert_kinds) } : {}),
        resume: input.paused === false,
      });
      if (!row) throw notFound('Endpoint');
      return endpointView(row, now());
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      requireAlertManager(viewer);
      if (!(await deleteEndpoint(db, viewer.organizationId, id))) throw notFound('Endpoint');
    },

    /** A new secret, shown once; the previous one keeps signing for a day. */
    async rotateSecret(viewer: Viewer, id: string) {
      await manage(viewer);
      const current = await endpointOf(viewer, id);
      if (current.kind !== 'webhook' || !current.secret_sealed)
        throw badRequest('id: Teams endpoints are not signed; only webhooks have a secret', 'NotSigned');
      const secret = newWebhookSecret();
      const until = new Date(now().getTime() + PREVIOUS_SECRET_HOURS * 3_600_000);
      await updateEndpoint(db, viewer.organizationId, id, {
        secret_sealed: secrets.seal(secret),
        secret_hint: secretHint(secret),
        previous_secret_sealed: current.secret_sealed,
        previous_secret_until: until,
      });
      return { secret, secret_hint: secretHint(secret), previous_secret_valid_until: until.toISOString() };
    },

    /** A test delivery through the outbox, like any alert: it shows in the delivery log. */
    async sendTest(viewer: Viewer, id: string) {
      await manage(viewer);
      const endpoint = await endpointOf(viewer, id);
      const text = endpointTestText(viewer.name, endpoint.description);
      const notificationId = await insertNotificationOnce(db, {
        organizationId: viewer.organizationId,
        dedupeKey: `endpoint-test:${endpoint.id}:${randomUUID()}`,
        sourceKind: 'endpoint-test',
        sourceId: endpoint.id,
        title: text.title,
        summary: text.summary,
        details: { sentBy: viewer.name },
        accountIds: [],
      });
      const planned = delivery.deliveryToEndpoint(endpoint);
      if (!notificationId || !planned)
        throw new ApiError(503, 'WebhooksOff', 'Webhooks are off on this server.');
      const [deliveryId] = await delivery.dispatchTo(notificationId, [planned]);
      return { delivery_id: deliveryId!, message: `Test queued for "${endpoint.description}".` };
    },

    /** The endpoint's delivery log: every notification's title, so for those who manage alerts only. */
    async deliveries(viewer: Viewer, id: string): Promise<WebhookDeliveryView[]> {
      requireAlertManager(viewer);
      await endpointOf(viewer, id);
      const rows = await listEndpointDeliveries(db, id, DELIVERY_LOG_LENGTH);
      const attempts = await listAttemptsOfDeliveries(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        id: row.id,
        event_type: webhookEventType(row),
        title: row.title,
        state: row.state as WebhookDeliveryView['state'],
        created_at: row.created_at.toISOString(),
        delivered_at: row.delivered_at?.toISOString() ?? null,
        last_error: row.last_error,
        attempts: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            started_at: attempt.started_at.toISOString(),
            duration_ms: attempt.duration_ms,
            status_code: attempt.status_code,
            outcome: attempt.outcome,
            error: attempt.error,
          })),
      }));
    },

    /** Sends a delivered or failed delivery again, with a fresh round of retries. */
    async redeliver(viewer: Viewer, id: string, deliveryId: string) {
      await manage(viewer);
      const endpoint = await endpointOf(viewer, id);
      if (endpoint.paused_at)
        throw new ApiError(409, 'EndpointPaused', 'Resume the endpoint before redelivering to it.');
      const found = await findEndpointDelivery(db, id, deliveryId);
      if (!found) throw notFound('Delivery');
      if (!(await reopenEndpointDelivery(db, id, deliveryId)))
        throw new ApiError(
          409,
          'DeliveryInProgress',
          'This delivery is still being sent; wait for its outcome.',
        );
      await delivery.enqueue([deliveryId]);
      return { delivery_id: deliveryId, message: `Redelivery queued for "${endpoint.description}".` };
    },
  };
}

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
