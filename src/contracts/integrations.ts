import { z } from 'zod';

export const integrationKind = z.enum(['aws-role', 'aws-local-credentials', 'upload']);
export const integrationSource = z.enum(['cur-export', 'cost-explorer', 'upload']);

const integrationName = z.string().trim().min(1).max(80);
/** An IAM role ARN: arn:aws:iam::<12-digit account>:role/<path/name>. */
export const roleArn = z
  .string()
  .trim()
  .regex(
    /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/,
    'must be an IAM role ARN (arn:aws:iam::123456789012:role/Name)',
  );
/** An ExternalId as AWS allows it in a trust policy (and so safe inside the template's quoted YAML). */
const externalIdText = z
  .string()
  .trim()
  .regex(
    /^[\w+=,.@:/-]{2,1224}$/,
    'must be 2 to 1,224 letters, digits or + = , . @ : / - _ (what AWS allows in an ExternalId)',
  );
/** Where a CUR 2.0 / FOCUS / legacy CUR export lands; without it, Cost Explorer is the source. */
export const exportLocation = z.object({
  bucket: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  prefix: z
    .string()
    .trim()
    .max(512)
    .transform((prefix) => prefix.replace(/^\/+|\/+$/g, '')),
  region: z.string().trim().min(1).max(30).optional(),
});
export type ExportLocation = z.infer<typeof exportLocation>;

/** An uploaded billing file's name: its label, and (cleaned) its name on disk, where 255 bytes is the limit. */
export const uploadFileName = z
  .string()
  .refine((name) => new TextEncoder().encode(name).length <= 255, 'the file name is longer than 255 bytes')
  .refine((name) => !name.includes('\u0000'), 'the file name must not contain a NUL character');

export const ingestionError = z.object({
  file: z.string().nullable(),
  column: z.string().nullable(),
  row: z.number().nullable(),
  message: z.string(),
});

/** A month a held upload would lower by more than half: what it holds now and what the file says. */
export const shrinkingMonth = z.object({
  period: z.string(),
  current_usd: z.number(),
  new_usd: z.number(),
});

export type IngestionRunError = z.infer<typeof ingestionError>;

export const ingestionRun = z.object({
  id: z.string(),
  trigger: z.string(),
  /** `held`: waits for a person to confirm or discard it; `discarded`: refused, nothing changed. */
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'held', 'discarded']),
  files: z.array(z.string()),
  files_total: z.number(),
  files_done: z.number(),
  rows_read: z.number(),
  facts_written: z.number(),
  percent: z.number(),
  billing_periods: z.array(z.string()),
  /** The run's notes: ragged rows read, months outside the plan's history, months that shrank. */
  warnings: z.array(z.string()),
  error: ingestionError.nullable(),
  /** The months a held run would lower; null unless held. */
  held_months: z.array(shrinkingMonth).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type IngestionRunView = z.infer<typeof ingestionRun>;

/** How the last sync imported one of AWS's recommendation services in each account; null before one. */
const recommendationImports = z
  .object({
    checked_at: z.string(),
    accounts: z.array(
      z.object({
        account_id: z.string(),
        state: z.enum(['ok', 'not-enrolled', 'missing-permission', 'throttled', 'failed']),
        permission: z.string(),
        message: z.string().nullable(),
      }),
    ),
  })
  .nullable();

export const integration = z.object({
  id: z.string(),
  name: z.string(),
  kind: integrationKind,
  source: integrationSource,
  role_arn: z.string().nullable(),
  /** The opt-in action role (off by default): what Spendguard may do in this account once a person confirms. */
  actions: z.object({
    enabled: z.boolean(),
    role_arn: z.string().nullable(),
    /** What the role may do, in words; empty when actions are off. */
    may: z.array(z.string()),
    /** Resources carrying this tag are never acted on ("spendguard:protect=true"). */
    never_on_tag: z.string(),
  }),
  external_id: z.string(),
  is_default: z.boolean(),
  /** The data's state: a failed upload leaves `ready` when an earlier run's numbers are still served. */
  state: z.enum(['pending', 'syncing', 'ready', 'error']),
  /** The last run's failure, when it failed. */
  last_error: ingestionError.nullable(),
  last_synced_at: z.string().nullable(),
  fresh_through: z.string().nullable(),
  accounts: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  export_location: z
    .object({ bucket: z.string(), prefix: z.string(), region: z.string().optional() })
    .nullable(),
  is_demo: z.boolean(),
  /** Paid Cost Explorer calls made for this integration (AWS bills $0.01 each). */
  cost_explorer_calls: z.number(),
  /** A first sync's older months, one job each on the workers: how many are in; null when none are due. */
  backfill: z.object({ done: z.number(), total: z.number() }).nullable(),
  /**
   * How the last sync read the Savings Plans, EC2 and RDS reservation APIs in each account: a read the
   * role may not make names its permission; the bill still shows the commitments. Null before one.
   */
  commitment_reads: z
    .object({
      checked_at: z.string(),
      reads: z.array(
        z.object({
          account_id: z.string(),
          api: z.enum(['savings-plans', 'ec2-reservations', 'rds-reservations']),
          permission: z.string(),
          state: z.enum(['ok', 'missing-permission', 'throttled', 'failed']),
          message: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  /**
   * How the last sync imported Compute Optimizer's recommendations in each account (decision 131): an
   * account that never turned it on is `not-enrolled`; a refused call names its permission. Null before one.
   */
  compute_optimizer: recommendationImports,
  /** The same for Cost Optimization Hub's recommendations (decision 133). */
  cost_optimization_hub: recommendationImports,
  latest_run: ingestionRun.nullable(),
  /** The last run that replaced data: the numbers shown come from it. */
  last_good_run: ingestionRun.nullable(),
  /** Months stored that the plan's history window does not show, and what would show them. */
  months_outside_history: z
    .object({ months: z.array(z.string()), visible_from: z.string(), remedy: z.string() })
    .nullable(),
  /** Set when a run brought more facts than the embedded database handles well: move to PostgreSQL. */
  database_advice: z.string().nullable(),
  created_at: z.string(),
});
export type IntegrationView = z.infer<typeof integration>;

export const createIntegrationInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), name: integrationName }),
  z.object({
    kind: z.literal('aws-role'),
    name: integrationName,
    role_arn: roleArn,
    /** The ExternalId the role trusts; given by GET /api/integrations/setup when absent. */
    external_id: externalIdText.optional(),
    export: exportLocation.optional(),
  }),
  z.object({
    kind: z.literal('aws-local-credentials'),
    name: integrationName,
    export: exportLocation.optional(),
  }),
  /** The simulated company of the built-in AWS simulator, in one click. */
  z.object({ kind: z.literal('aws-demo'), name: integrationName.optional() }),
]);
export type CreateIntegrationInput = z.infer<typeof createIntegrationInput>;

/** A role check before connecting, answered with what failed (wrong ARN, ExternalId, permission, throttled). */
export const verifyRoleInput = z.object({
  role_arn: roleArn,
  external_id: externalIdText,
});
export const accessCheck = z.object({
  ok: z.boolean(),
  /** AccessDenied | MissingPermission | Throttled | InvalidRoleArn | Unreachable */
  code: z.string().nullable(),
  message: z.string(),
  account_id: z.string().nullable(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), message: z.string() })),
});
export type AccessCheckView = z.infer<typeof accessCheck>;

/**
 * What the setup screen needs before an integration exists: a fresh ExternalId and the links. The
 * template and links are null when the server is not set up for real AWS accounts (no account of its
 * own for a role to trust): the screen then offers the upload and the demo only.
 */
export const setupKit = z.object({
  external_id: z.string(),
  /** The YAML itself, for the preview and the download. */
  template: z.string().nullable(),
  template_url: z.string().nullable(),
  quick_create_url: z.string().nullable(),
  region: z.string(),
  /** The account the role trusts: the server's own (SPENDGUARD_AWS_ACCOUNT_ID or STS), else null. */
  spendguard_account_id: z.string().nullable(),
  demo_available: z.boolean(),
  /** Whether the operator lends the server's own AWS credentials (AWS_LOCAL_CREDENTIALS=on; decision 075). */
  local_credentials: z.boolean(),
  /** The opt-in action role to add by hand (decision 102): its name, permission policy and trust policy (JSON). */
  action_role: z.object({
    name: z.string(),
    permission_policy: z.string(),
    trust_policy: z.string().nullable(),
  }),
});
export type SetupKitView = z.infer<typeof setupKit>;

/** PUT /api/integrations/{id}/action-role: the opt-in action role's ARN; checked by assuming it. */
export const actionRoleInput = z.object({ role_arn: roleArn });

export const syncInput = z.object({ force: z.boolean().optional() }).optional();
export const syncAnswer = z.object({ queued: z.boolean(), message: z.string() });

export const updateIntegrationInput = z
  .object({ name: z.string().trim().min(1).max(80).optional(), is_default: z.literal(true).optional() })
  .refine((patch) => Object.keys(patch).length > 0, 'send at least one field to change');

export const templateQuery = z.object({
  external_id: externalIdText.optional(),
  with_export: z.enum(['true', 'false']).optional(),
});

export const integrationIdParams = z.object({ id: z.uuid('must be an integration id') });
export const ingestionRunParams = integrationIdParams.extend({
  runId: z.uuid('must be an ingestion run id'),
});

/** A file holding a month whose parts an earlier upload left: it adds to them, or replaces the month. */
export const uploadFilesQuery = z.object({
  parts: z.enum(['add', 'replace'], 'must be add or replace').optional(),
});

/** One month's parts kept from uploads, and the ones its manifest lists that have not come. */
export const monthParts = z.object({
  billing_period: z.string(),
  parts: z.array(z.string()),
  /** The parts' file names, when a manifest of the month was uploaded. */
  expected: z.array(z.string()).nullable(),
  missing: z.array(z.string()),
  /** "October 2026: parts 1, 2 of 3 — part 3 missing". */
  summary: z.string(),
});
export type MonthPartsView = z.infer<typeof monthParts>;

/** What an upload of manifests alone answers: nothing to read yet, the months as they stand. */
export const manifestsKept = z.object({ months: z.array(monthParts) });
