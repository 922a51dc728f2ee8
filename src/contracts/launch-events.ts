import { z } from 'zod';

/**
 * Early warning (decision 046): what was launched or resized since the bill data, what it
 * costs an hour on demand, who launched it, and whether each integration's events are arriving.
 * Money is USD; an unknown price is null with its reason, never zero.
 */

export const launchResourceKind = z.enum([
  'ec2-instance',
  'nat-gateway',
  'rds-instance',
  'auto-scaling-group',
]);
export type LaunchResourceKindView = z.infer<typeof launchResourceKind>;

export const launchLedgerRow = z.object({
  /** `${account}/${region}/${resource}@${started_at}`: stable across rebuilds. */
  id: z.string(),
  integration_id: z.string(),
  integration_name: z.string(),
  resource_kind: launchResourceKind,
  resource_id: z.string(),
  /** Instance type or DB instance class; null when no event named it (no trail). */
  type: z.string().nullable(),
  /** For a resize: the type before, when known. */
  previous_type: z.string().nullable(),
  origin: z.enum(['launch', 'resize']),
  count: z.number(),
  region: z.string(),
  account_id: z.string(),
  /** CloudTrail userIdentity.arn; null without a trail. */
  launched_by: z.string().nullable(),
  started_at: z.string(),
  /**
   * The launch the row belongs to: rows sharing it were started by one call (a RunInstances or
   * StartInstances of 8), or, before its CloudTrail event is in, in the same second and place.
   */
  launch_key: z.string(),
  ended_at: z.string().nullable(),
  running: z.boolean(),
  /** All units of the current type, on demand; null: price unknown. */
  usd_per_hour: z.number().nullable(),
  /** What it adds to the bill an hour (the whole price for a launch, the difference for a resize). */
  added_usd_per_hour: z.number().nullable(),
  added_usd_per_day: z.number().nullable(),
  price_source: z.enum(['catalog', 'pricing-api', 'price-table']).nullable(),
  /** Why the price is unknown ("price unknown" on screens and in messages). */
  unknown_reason: z.string().nullable(),
  /** Billing data now covers its start: the billed hours took over and it no longer counts here. */
  billed: z.boolean(),
});
export type LaunchLedgerRowView = z.infer<typeof launchLedgerRow>;

export const launchLedgerQuery = z.object({
  status: z.enum(['running', 'ended', 'all']).default('all'),
  integration_id: z.uuid('must be an integration id').optional(),
  account_id: z
    .string()
    .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
    .optional(),
  kind: launchResourceKind.optional(),
});
export type LaunchLedgerQuery = z.infer<typeof launchLedgerQuery>;

/** "Launched since your bill data": the dashboard card and the ledger page's header. */
export const launchLedgerSummary = z.object({
  running_count: z.number(),
  /** Running rows' added run-rate, USD an hour (priced rows only). */
  usd_per_hour: z.number(),
  usd_per_day: z.number(),
  /** Spent by ledger rows this month after the bill data, up to now. */
  accrued_usd: z.number(),
  /** Accrued plus what running rows add until the month ends if nobody stops them. */
  projected_month_end_usd: z.number(),
  month_end: z.string(),
  unpriced_count: z.number(),
  /** The earliest end of the integrations' billing data; null before any bill data. */
  billing_data_ends_at: z.string().nullable(),
  last_event_at: z.string().nullable(),
});
export type LaunchLedgerSummaryView = z.infer<typeof launchLedgerSummary>;

export const launchLedger = z.object({ summary: launchLedgerSummary, rows: z.array(launchLedgerRow) });
export type LaunchLedgerView = z.infer<typeof launchLedger>;

/** Whether one integration's events are arriving, for its card. */
export const launchEventsState = z.enum([
  /** An event arrived in the last 24 hours. */
  'arriving',
  /** The queue answers; no event yet (nothing launched, or the rule is missing). */
  'waiting',
  /** QueueDoesNotExist: the stack predates the queue or LaunchEvents=false. */
  'queue-missing',
  /** The role may not sqs:ReceiveMessage. */
  'access-denied',
  /** Another failure (throttling past its backoff, network); the message says which. */
  'error',
  /** An upload integration or one without AWS access: nothing to poll. */
  'not-applicable',
]);

export const launchEventsStatus = z.object({
  integration_id: z.string(),
  state: launchEventsState,
  message: z.string().nullable(),
  /** The last EC2 state-change notification (needs no trail). */
  last_state_change_at: z.string().nullable(),
  /** The last CloudTrail API call (needs a trail with management events). */
  last_api_call_at: z.string().nullable(),
  last_polled_at: z.string().nullable(),
  /** Messages that were not launch events or could not be read: counted, kept, deleted. */
  rejected_count: z.number(),
  queues: z.array(
    z.object({
      region: z.string(),
      queue_url: z.string(),
      state: launchEventsState,
      message: z.string().nullable(),
      last_polled_at: z.string().nullable(),
    }),
  ),
  /** Whether an API destination secret exists (POST /api/aws-events/{integration_id}). */
  api_destination: z.boolean(),
});
export type LaunchEventsStatusView = z.infer<typeof launchEventsStatus>;

export const launchEventsStatusList = z.object({ integrations: z.array(launchEventsStatus) });
export type LaunchEventsStatusListView = z.infer<typeof launchEventsStatusList>;

/** POST /api/integrations/{id}/launch-events/secret: the secret, shown this once (only its hash is kept). */
export const launchEventsSecret = z.object({
  integration_id: z.string(),
  /** Send it in the `x-spendguard-events-secret` header (an EventBridge connection with API-key auth). */
  header: z.literal('x-spendguard-events-secret'),
  secret: z.string(),
  /** Where the API destination posts: `${PUBLIC_URL}/api/aws-events/{integration_id}`. */
  endpoint: z.string(),
  created_at: z.string(),
});
export type LaunchEventsSecretView = z.infer<typeof launchEventsSecret>;

/** How much of a rejected message's body the inspection shows. */
export const REJECTION_BODY_CHARS = 2_000;
/** The newest rejections the inspection lists. */
export const REJECTIONS_LISTED = 50;

/** One message that was not a launch event, kept for inspection. */
export const launchEventRejection = z.object({
  received_at: z.string(),
  /** The queue's region, or the envelope's for the API destination ('unknown' when it named none). */
  region: z.string(),
  /** SQS's MessageId, or `api:<envelope id>` for the API destination. */
  message_id: z.string(),
  /** not-json, not-an-envelope, missing-field, bad-time, foreign-account, unknown-region, unsupported-event, failed-call. */
  reason: z.string(),
  /** What was wrong with it, in words. */
  message: z.string(),
  /** The body as received, its first 2,000 characters. */
  body: z.string(),
  /** The whole body's length in characters (longer than `body` when cut). */
  body_length: z.number(),
});
export type LaunchEventRejectionView = z.infer<typeof launchEventRejection>;

/** GET /api/integrations/{id}/launch-events/rejections: the newest 50, newest first, of `total` kept. */
export const launchEventRejectionList = z.object({
  integration_id: z.string(),
  total: z.number(),
  rejections: z.array(launchEventRejection),
});
export type LaunchEventRejectionListView = z.infer<typeof launchEventRejectionList>;

/** POST /api/aws-events/{integration_id}: what the envelopes (one or an array) came to. */
export const awsEventsAnswer = z.object({
  /** Envelopes read as launch events. */
  accepted: z.number(),
  /** Launch changes not seen before. */
  fresh: z.number(),
  /** Changes already stored (a retry of EventBridge's). */
  duplicates: z.number(),
  /** Envelopes that were not launch events: counted and kept for inspection. */
  rejected: z.number(),
});
export type AwsEventsAnswer = z.infer<typeof awsEventsAnswer>;

/** POST /api/demo/launch-gpu-burst: the demo's button (the built-in simulator only); no body takes the defaults. */
export const gpuBurstInput = z.preprocess(
  (body) => body ?? {},
  z.object({
    count: z.number().int('count: must be a whole number').min(1).max(16).default(8),
    instance_type: z
      .string()
      .regex(/^[a-z][a-z0-9-]*\.[a-z0-9]+$/, 'must be an EC2 instance type such as p4d.24xlarge')
      .default('p4d.24xlarge'),
  }),
);
export type GpuBurstInput = z.infer<typeof gpuBurstInput>;

export const gpuBurstAnswer = z.object({
  instance_ids: z.array(z.string()),
  count: z.number(),
  instance_type: z.string(),
  region: z.string(),
  account_id: z.string(),
});
export type GpuBurstAnswer = z.infer<typeof gpuBurstAnswer>;
