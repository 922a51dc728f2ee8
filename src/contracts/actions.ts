import { z } from 'zod';

/**
 * Actions on a customer's resources (decision 102): proposed with a dry run, confirmed by a person who
 * may approve, run, logged per resource, and undone. Only through the integration's opt-in action role.
 */

export const instanceId = z
  .string()
  .regex(/^i-[0-9a-f]{8,17}$/, 'must be an EC2 instance id such as i-0abc12345');

const integrationId = z.uuid('must be an integration id');
const region = z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1');

export const actionKind = z.enum(['stop-instances', 'scale-to-zero', 'stop-database', 'tag-for-review']);
export const resourceType = z.enum(['ec2-instance', 'auto-scaling-group', 'rds-db-instance']);

/**
 * What a finding or an alert points at: an account, a region, a type and AWS's id (an instance id, an
 * Auto Scaling group's name, a DB instance identifier). Actions on one resource take it as it is.
 */
export const resourceReference = z.object({
  account_id: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id'),
  region,
  type: resourceType,
  id: z
    .string()
    .min(1, 'name the resource')
    .max(255, 'at most 255 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.:/-]*$/, 'must be an AWS resource id or name'),
});
export type ResourceReferenceView = z.infer<typeof resourceReference>;

const onOne = <K extends string, T extends z.infer<typeof resourceType>>(kind: K, type: T) =>
  z.object({
    integration_id: integrationId,
    kind: z.literal(kind),
    resource: resourceReference.extend({ type: z.literal(type, `must be ${type}`) }),
  });

export const proposeActionInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      integration_id: integrationId,
      kind: z.literal('stop-instances'),
      region,
      instance_ids: z
        .array(instanceId)
        .min(1, 'name at least one instance')
        .max(100, 'at most 100 instances in one action')
        .refine((ids) => new Set(ids).size === ids.length, 'each instance once'),
      /** The launch ledger's row or launch the instances came from, kept with the action. */
      launch_id: z.string().max(300).optional(),
    }),
    onOne('scale-to-zero', 'auto-scaling-group'),
    onOne('stop-database', 'rds-db-instance'),
    onOne('tag-for-review', 'ec2-instance').extend({
      /** Why it should be looked at later; the tag also names who and the day. */
      reason: z.string().trim().min(1, 'say why it should be reviewed').max(200, 'at most 200 characters'),
    }),
  ],
  'must be stop-instances, scale-to-zero, stop-database or tag-for-review',
);
export type ProposeActionInput = z.infer<typeof proposeActionInput>;

export const actionIdParams = z.object({ id: z.uuid('must be an action id') });
export const actionLinkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_.-]{20,200}$/, 'must be the token of a confirmation link'),
});

/** How a run was approved: by a person in the app, the mail's link, Slack or a token, or by a rule's automatic policy. */
export const actionVia = z.enum(['app', 'mail', 'slack', 'api', 'policy']);
export const actionOperation = z.enum([
  'stop',
  'start',
  'scale-to-zero',
  'restore-sizes',
  'tag',
  'restore-tag',
]);

/** What the dry run says will happen to one resource. */
export const actionStep = z.object({
  resource_id: z.string(),
  /** change: it will be changed (stopped, scaled, tagged); nothing-to-do: it already is; refused: never, with why. */
  outcome: z.enum(['change', 'nothing-to-do', 'refused']),
  state_before: z.string(),
  state_after: z.string().nullable(),
  reason: z.string().nullable(),
  /** AWS's answer to the dry run for this resource ("DryRunOperation", "UnauthorizedOperation: ..."). */
  dry_run: z.string().nullable(),
});
export type ActionStepView = z.infer<typeof actionStep>;

/** One row of the audit log: one resource, one attempt. */
export const actionLogEntry = z.object({
  id: z.string(),
  action_id: z.string(),
  integration_id: z.string(),
  resource_id: z.string(),
  operation: actionOperation,
  /** `would-change`: an automatic policy in dry-run mode recorded it and changed nothing. */
  outcome: z.enum(['changed', 'failed', 'nothing-to-do', 'refused', 'would-change']),
  state_before: z.string(),
  state_after: z.string().nullable(),
  /** AWS's error code when it refused; null when it answered with the new state. */
  aws_code: z.string().nullable(),
  aws_message: z.string(),
  approved_by: z.string(),
  approved_by_name: z.string(),
  approved_via: actionVia,
  at: z.string(),
});
export type ActionLogEntryView = z.infer<typeof actionLogEntry>;

export const resourceAction = z.object({
  id: z.string(),
  integration_id: z.string(),
  kind: actionKind,
  resource_type: resourceType,
  operation: actionOperation,
  account_id: z.string(),
  region: z.string(),
  launch_id: z.string().nullable(),
  /** The action this one undoes (a start after a stop). */
  undo_of: z.string().nullable(),
  /** `kept`: a person kept the resources as they are; `dry-run`: a policy recorded what it would have done. */
  status: z.enum([
    'proposed',
    'running',
    'done',
    'partly-done',
    'failed',
    'nothing-to-do',
    'undone',
    'kept',
    'dry-run',
  ]),
  steps: z.array(actionStep),
  proposed_at: z.string(),
  /** A proposal not confirmed by then must be proposed again. */
  expires_at: z.string(),
  decided_via: actionVia.nullable(),
  decided_at: z.string().nullable(),
  /** Per resource, what running it did (empty until it runs). */
  results: z.array(actionLogEntry),
  /** The launch alert it was proposed for, when it came with one. */
  notification_id: z.string().nullable(),
  /** Whether an undo would put back what this action changed. */
  undoable: z.boolean(),
  /** The alert rule's automatic policy (decision 121): when it acts unless someone keeps the resources. */
  automatic: z.object({ mode: z.enum(['dry-run', 'on']), at: z.string(), rule: z.string() }).nullable(),
  /** When a person kept the resources as they are (the proposal then ended). */
  kept_at: z.string().nullable(),
  /**
   * Only in the answer to the proposal: the signed, single-use confirmation link for a mail (24 hours,
   * bound to these resources and this operation). It never acts on GET.
   */
  confirmation_link: z.string().nullable(),
});
export type ResourceActionView = z.infer<typeof resourceAction>;

export const actionLogQuery = z.object({
  integration_id: z.uuid('must be an integration id').optional(),
  limit: z.coerce.number().int('limit: a whole number').min(1).max(500).default(100),
});
export const actionLog = z.object({ entries: z.array(actionLogEntry) });
export type ActionLogView = z.infer<typeof actionLog>;
