import { type Kysely, type Selectable, sql } from 'kysely';
import { type FailureDetails, storableFailure, storableText } from '../../../domain/storable-text.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema, IngestionRunsTable } from '../../db/schema.ts';

export type IngestionRunError = FailureDetails;

/** States after which a run never changes again (its upload file can go). */
export const ENDED_RUN_STATES = ['succeeded', 'failed', 'discarded'] as const;

/** What a held run waits on: its files (kept on disk until confirmed or discarded) and the months they shrink. */
export interface HeldReplacement {
  files: Array<{ path: string; label: string }>;
  periods: Array<{ period: string; currentUsd: number; incomingUsd: number }>;
}

/**
 * `held`: read well but would lower a month by more than half; waits for a person.
 * `discarded`: a held run the person refused; nothing changed.
 */
export type IngestionRunState = 'queued' | 'running' | 'succeeded' | 'failed' | 'held' | 'discarded';

export interface IngestionRun {
  id: string;
  organizationId: string;
  integrationId: string;
  trigger: string;
  state: IngestionRunState;
  files: string[];
  filesTotal: number;
  filesDone: number;
  rowsRead: number;
  factsWritten: number;
  percent: number;
  billingPeriods: string[];
  warnings: string[];
  error: IngestionRunError | null;
  held: HeldReplacement | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The folder holding an upload run's file (DATA_DIR/uploads/…), null for other runs. */
  uploadDir: string | null;
}

type Row = Selectable<IngestionRunsTable>;

const toRun = (row: Row): IngestionRun => ({
  id: row.id,
  organizationId: row.organization_id,
  integrationId: row.integration_id,
  trigger: row.trigger,
  state: row.state as IngestionRun['state'],
  files: row.files as string[],
  filesTotal: row.files_total,
  filesDone: row.files_done,
  rowsRead: Number(row.rows_read),
  factsWritten: Number(row.facts_written),
  percent: row.percent,
  billingPeriods: row.billing_periods as string[],
  warnings: row.warnings as string[],
  error: row.error as IngestionRunError | null,
  held: row.held as HeldReplacement | null,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  uploadDir: row.upload_dir,
});

export async function insertRun(
  db: Kysely<DatabaseSchema>,
  run: {
    organizationId: string;
    integrationId: string;
    trigger: string;
    files: string[];
    uploadDir?: string;
  },
): Promise<IngestionRun> {
  const row = await db
    .insertInto('ingestion_runs')
    .values({
      organization_id: run.organizationId,
      integration_id: run.integrationId,
      trigger: run.trigger,
      files: JSON.stringify(run.files.map((file) => storableText(file))),
      upload_dir: run.uploadDir ?? null,
      files_total: run.files.length,
      billing_periods: '[]',
      warnings: '[]',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
}

export async function findRun(db: Kysely<DatabaseSchema>, runId: string): Promise<IngestionRun | undefined> {
  const row = await db.selectFrom('ingestion_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  return row ? toRun(row) : undefined;
}

/** The integration's newest run, or its newest run in one state (the last good one: 'succeeded'). */
export async function findLatestRun(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  state?: IngestionRunState,
): Promise<IngestionRun | undefined> {
  let query = db.selectFrom('ingestion_runs').selectAll().where('integration_id', '=', integrationId);
  if (state) query = query.where('state', '=', state);
  const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row ? toRun(row) : undefined;
}

/** A run of the organization's integration, or undefined (another tenant's run is not found). */
export async function findRunOfIntegration(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  integrationId: string,
  runId: string,
): Promise<IngestionRun | undefined> {
  const row = await db
    .selectFrom('ingestion_runs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('integration_id', '=', integrationId)
    .where('id', '=', runId)
    .executeTakeFirst();
  return row ? toRun(row) : undefined;
}

/** The integration's runs waiting for a person's decision. */
export async function findHeldRuns(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
): Promise<IngestionRun[]> {
  const rows = await db
    .selectFrom('ingestion_runs')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('state', '=', 'held')
    .execute();
  return rows.map(toRun);
}

/**
 * Ends a held run, as one conditional update so two clicks cannot both act: back to `queued` to
 * replace the months after all, or `discarded`. Undefined when the run is no longer held.
 */
export async function releaseHeldRun(
  db: Kysely<DatabaseSchema>,
  runId: string,
  to: 'queued' | 'discarded',
): Promise<IngestionRun | undefined> {
  const row = await db
    .updateTable('ingestion_runs')
    .set(to === 'discarded' ? { state: to, finished_at: databaseNow() } : { state: to, finished_at: null })
    .where('id', '=', runId)
    .where('state', '=', 'held')
    .returningAll()
    .executeTakeFirst();
  return row ? toRun(row) : undefined;
}

export async function markRunStarted(db: Kysely<DatabaseSchema>, runId: string): Promise<void> {
  await db
    .updateTable('ingestion_runs')
    .set({
      state: 'running',
      started_at: databaseNow(),
      heartbeat_at: databaseNow(),
      error: null,
      percent: 0,
      files_done: 0,
    })
    .where('id', '=', runId)
    .execute();
}

/** The worker is alive and still reading this run. */
export async function beatRun(db: Kysely<DatabaseSchema>, runId: string): Promise<void> {
  await db
    .updateTable('ingestion_runs')
    .set({ heartbeat_at: databaseNow() })
    .where('id', '=', runId)
    .where('state', '=', 'running')
    .execute();
}

export async function recordRunProgress(
  db: Kysely<DatabaseSchema>,
  runId: string,
  progress: { filesDone: number; rowsRead: number; factsWritten: number; percent: number },
): Promise<void> {
  await db
    .updateTable('ingestion_runs')
    .set({
      files_done: progress.filesDone,
      rows_read: progress.rowsRead,
      facts_written: progress.factsWritten,
      percent: progress.percent,
    })
    .where('id', '=', runId)
    .execute();
}

export async function finishRun(
  db: Kysely<DatabaseSchema>,
  runId: string,
  outcome:
    | { state: 'succeeded'; billingPeriods: string[]; warnings: string[] }
    | { state: 'held'; billingPeriods: string[]; warnings: string[]; held: HeldReplacement }
    | { state: 'failed'; error: IngestionRunError },
): Promise<void> {
  await db
    .updateTable('ingestion_runs')
    .set(
      outcome.state === 'failed'
        ? {
            state: 'failed',
            error: JSON.stringify(storableFailure(outcome.error)),
            finished_at: databaseNow(),
          }
        : {
            state: outcome.state,
            percent: 100,
            billing_periods: JSON.stringify(outcome.billingPeriods),
            warnings: JSON.stringify(outcome.warnings.map((warning) => storableText(warning))),
            held: outcome.state === 'held' ? JSON.stringify(outcome.held) : null,
            finished_at: databaseNow(),
          },
    )
    .where('id', '=', runId)
    // A run whose periods were replaced is never turned into a failure by a later step.
    .$if(outcome.state === 'failed', (query) => query.where('state', '!=', 'succeeded'))
    .execute();
}

/**
 * Fails every run still `running` whose worker has not beaten since staleBefore: the process reading
 * it died (killed, out of memory, power cut). Answers the runs it failed.
 */
export async function failOrphanedRuns(
  db: Kysely<DatabaseSchema>,
  staleBefore: Date,
  error: IngestionRunError,
): Promise<IngestionRun[]> {
  const rows = await db
    .updateTable('ingestion_runs')
    .set({ state: 'failed', error: JSON.stringify(storableFailure(error)), finished_at: databaseNow() })
    .where('state', '=', 'running')
    .where(sql<Date>`coalesce(heartbeat_at, started_at, created_at)`, '<', staleBefore)
    .returningAll()
    .execute();
  return rows.map(toRun);
}

/** Upload folders that runs still need: every run that has not ended (queued, running, waiting). */
export async function listUploadDirsInUse(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const rows = await db
    .selectFrom('ingestion_runs')
    .select('upload_dir')
    .where('upload_dir', 'is not', null)
    .where('state', 'not in', [...ENDED_RUN_STATES])
    .execute();
  return rows.flatMap((row) => (row.upload_dir ? [row.upload_dir] : []));
}
