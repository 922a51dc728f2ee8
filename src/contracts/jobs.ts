import { z } from 'zod';
import type { ShrinkingOutcome } from '../domain/billing-period-restatements.ts';

/**
 * The payload of every pg-boss job. A sender's payload is parsed before it is queued, and a worker
 * parses what it receives again: a malformed job fails with the reason instead of reaching a service.
 */

const id = z.string().min(1);

/** Scheduled jobs carry nothing: pg-boss stores an empty object (or null) for them. */
export const scheduledJobPayload = z.union([z.null(), z.object({}).strict()]).optional();

const SHRINKING_OUTCOMES = [
  'held',
  'restated-by-aws',
  'confirmed',
  'command-line',
] as const satisfies readonly ShrinkingOutcome[];

export const ingestBillingFilesPayload = z.object({
  runId: id,
  /** Local paths the worker reads: uploads live under DATA_DIR/uploads, which every node must share. */
  files: z.array(z.object({ path: z.string().min(1), label: z.string() })).min(1),
  /** Uploaded files are removed once read, a held run's once decided; files of a sync belong to the sync. */
  removeAfter: z.boolean(),
  /** What a month lowered by more than half does: a person's upload is held (the default). */
  whenShrinking: z.enum(SHRINKING_OUTCOMES).optional(),
});
export type IngestBillingFilesPayload = z.infer<typeof ingestBillingFilesPayload>;

export const syncAwsIntegrationPayload = z.object({ integrationId: id, force: z.boolean() });
export type SyncAwsIntegrationPayload = z.infer<typeof syncAwsIntegrationPayload>;

/** One billing period of an export's backfill: what the sync found to fetch (docs/decisions/082). */
export const syncAwsBillingPeriodPayload = z.object({
  integrationId: id,
  /** The billing period as the export names it: `2026-07`. */
  period: z.string().regex(/^\d{4}-\d{2}$/),
  /** The delivery the sync saw: stored once the month is in, so the next sync skips it. */
  fingerprint: z.string(),
  keys: z.array(z.string().min(1)).min(1),
});
export type SyncAwsBillingPeriodPayload = z.infer<typeof syncAwsBillingPeriodPayload>;

export const evaluateOrganizationPayload = z.object({ organizationId: id });
export type EvaluateOrganizationPayload = z.infer<typeof evaluateOrganizationPayload>;

export const deliverAlertPayload = z.object({ deliveryId: id });
export type DeliverAlertPayload = z.infer<typeof deliverAlertPayload>;

/** One integration's launch-events poller: it polls a few minutes, then sends itself again. */
export const pollLaunchEventsPayload = z.object({ integrationId: id });
export type PollLaunchEventsPayload = z.infer<typeof pollLaunchEventsPayload>;

export const meterUsagePayload = z.object({ integrationId: id });
