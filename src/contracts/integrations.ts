import { z } from 'zod';

export const integrationKind = z.enum(['aws-role', 'aws-local-credentials', 'upload']);
export const integrationSource = z.enum(['cur-export', 'cost-explorer', 'upload']);

export const ingestionError = z.object({
  file: z.string().nullable(),
  column: z.string().nullable(),
  row: z.number().nullable(),
  message: z.string(),
});

export const ingestionRun = z.object({
  id: z.string(),
  trigger: z.string(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  files: z.array(z.string()),
  files_total: z.number(),
  files_done: z.number(),
  rows_read: z.number(),
  facts_written: z.number(),
  percent: z.number(),
  billing_periods: z.array(z.string()),
  warnings: z.array(z.string()),
  error: ingestionError.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type IngestionRunView = z.infer<typeof ingestionRun>;

export const integration = z.object({
  id: z.string(),
  name: z.string(),
  kind: integrationKind,
  source: integrationSource,
  role_arn: z.string().nullable(),
  external_id: z.string(),
  is_default: z.boolean(),
  state: z.enum(['pending', 'syncing', 'ready', 'error']),
  last_error: ingestionError.nullable(),
  last_synced_at: z.string().nullable(),
  fresh_through: z.string().nullable(),
  accounts: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  latest_run: ingestionRun.nullable(),
  created_at: z.string(),
});
export type IntegrationView = z.infer<typeof integration>;

export const createIntegrationInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), name: z.string().trim().min(1).max(80) }),
]);

export const updateIntegrationInput = z
  .object({ name: z.string().trim().min(1).max(80).optional(), is_default: z.literal(true).optional() })
  .refine((patch) => Object.keys(patch).length > 0, 'send at least one field to change');

export const integrationIdParams = z.object({ id: z.uuid('must be an integration id') });
