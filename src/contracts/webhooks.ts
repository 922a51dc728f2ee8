/** Signed outbound webhooks and Microsoft Teams endpoints (decision 058; docs/webhooks.md). */
import { z } from 'zod';
import { DIGEST_CHOICES, NOTIFICATION_KINDS } from './alerts.ts';

export const WEBHOOK_ENDPOINT_KINDS = ['webhook', 'teams'] as const;

const endpointUrl = z
  .string()
  .trim()
  .min(1, 'enter the URL the endpoint receives at')
  .max(2000, 'must be at most 2000 characters');
const description = z
  .string()
  .trim()
  .min(1, 'give the endpoint a name people recognise')
  .max(120, 'must be at most 120 characters');

export const createWebhookEndpointInput = z.object({
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS).default('webhook'),
  url: endpointUrl,
  description,
  alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)).default([...NOTIFICATION_KINDS]),
  digest: z.enum(DIGEST_CHOICES).default('off'),
});

export const updateWebhookEndpointInput = z.object({
  url: endpointUrl.optional(),
  description: description.optional(),
  alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)).optional(),
  digest: z.enum(DIGEST_CHOICES).optional(),
  /** false resumes a paused endpoint. */
  paused: z.literal(false, 'only false (resume) can be set; endpoints are paused by failures').optional(),
});

export const webhookEndpointView = z.object({
  id: z.string(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  description: z.string(),
  /** Where it posts, with the path hidden but its last characters. */
  url_hint: z.string(),
  alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  digest: z.enum(DIGEST_CHOICES),
  /** The last characters of the signing secret (webhooks only); the secret itself is shown once. */
  secret_hint: z.string().nullable(),
  /** Until then the secret before the last rotation signs too. */
  previous_secret_valid_until: z.string().nullable(),
  paused_at: z.string().nullable(),
  /** The first failed attempt since the last success. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;
export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpointView) });

/** Creating a webhook (and rotating its secret) answers the secret, this once only. */
export const createdWebhookEndpoint = webhookEndpointView.extend({ secret: z.string().nullable() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;
export const rotatedWebhookSecret = z.object({
  secret: z.string(),
  secret_hint: z.string(),
  previous_secret_valid_until: z.string(),
});

export const webhookEndpointParams = z.object({ id: z.uuid('must be an endpoint id') });
export const webhookDeliveryParams = z.object({
  id: z.uuid('must be an endpoint id'),
  deliveryId: z.uuid('must be a delivery id'),
});

export const webhookAttemptView = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int().nullable(),
  /** The receiver's HTTP status; null when none came (timeout, network error, refused address). */
  status_code: z.number().int().nullable(),
  outcome: z.string(),
  error: z.string().nullable(),
});

export const webhookDeliveryView = z.object({
  id: z.string(),
  event_type: z.enum(['alert.fired', 'digest.daily', 'digest.weekly', 'test']),
  title: z.string(),
  state: z.enum(['pending', 'sending', 'delivered', 'failed']),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  attempts: z.array(webhookAttemptView),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;
export const webhookDeliveryList = z.object({ deliveries: z.array(webhookDeliveryView) });

export const webhookDeliveryQueued = z.object({ delivery_id: z.string(), message: z.string() });
