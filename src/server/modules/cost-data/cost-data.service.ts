import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { BillingFileError, type BillingFileSummary, openBillingFile } from './billing-files/index.ts';
import {
  discardStagedFacts,
  type FactOwner,
  listUsageAccounts,
  replaceBillingPeriods,
  stageFacts,
} from './cost-facts.repository.ts';
import {
  beatRun,
  failOrphanedRuns,
  findLatestRun,
  findRun,
  finishRun,
  type IngestionRun,
  type IngestionRunError,
  insertRun,
  listUploadDirsInUse,
  markRunStarted,
  recordRunProgress,
} from './ingestion-runs.repository.ts';

export type { IngestionRun, IngestionRunError };

export interface BillingFileToIngest {
  path: string;
  /** What a person recognises: the uploaded file name or the S3 key. */
  label: string;
}

export interface IngestionOutcome {
  run: IngestionRun;
  /** The last day with cost in the ingested files ('YYYY-MM-DD'), when it succeeded. */
  freshThrough: string | null;
}

const PROGRESS_EVERY_MS = 500;

function describeFailure(error: unknown, label: string): IngestionRunError {
  if (error instanceof BillingFileError) {
    return { file: label, column: error.column ?? null, row: error.row ?? null, message: error.message };
  }
  return {
    file: label,
    column: null,
    row: null,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** What a run orphaned by a dead process says (killed, out of memory, power cut). */
export const ORPHANED_RUN_FAILURE: IngestionRunError = {
  file: null,
  column: null,
  row: null,
  message:
    'The server stopped while this run was reading (it was killed or restarted). Nothing was changed: ' +
    'upload the file again; a sync retries on its own.',
};

export interface CostDataOptions {
  /** The most a gzip billing file may expand to (config.ingestion.maxExpandedBytes). */
  maxExpandedBytes?: number;
  /** How often a reading run is marked alive (config.ingestion.heartbeatMs). */
  heartbeatMs?: number;
}

/** For callers without a config (tests); the server and the CLI pass config.ingestion. */
const DEFAULT_HEARTBEAT_MS = 15_000;

function currencyWarnings(summary: BillingFileSummary, label: string): string[] {
  return summary.currencies
    .filter((currency) => currency.nonUsd)
    .map(
      (currency) =>
        `${label}: ${currency.unblendedCost} ${currency.currency} is kept in ${currency.currency}, not converted to USD.`,
    );
}

/**
 * Ingestion: every file of a run is read and staged first; only when all of them read well are their
 * billing periods replaced, in one short transaction. A broken file or a killed process leaves the
 * previous data as it was, and the run says which file, column and row failed.
 */
/** Told after new facts replaced their billing periods (alerts evaluate, caches drop). */
export interface CostFactsReplaced {
  organizationId: string;
  integrationId: string;
  billingPeriods: string[];
}

export function createCostDataService(
  db: Kysely<DatabaseSchema>,
  log: { error(details: object, message: string): void } = {
    error: (_details, message) => console.error(message),
  },
  options: CostDataOptions = {},
) {
  const replacedListeners: Array<(event: CostFactsReplaced) => Promise<void> | void> = [];

  async function tellReplaced(event: CostFactsReplaced): Promise<void> {
    for (const listener of replacedListeners) {
      try {
        await listener(event);
      } catch (error) {
        // A listener's failure never undoes an ingest that committed; it logs and the schedule retries.
        log.error({ err: error, integrationId: event.integrationId }, 'a listener failed after an ingest');
      }
    }
  }

  /**
   * Ends a run as failed, whatever happens: when the failure itself cannot be stored, a plain message
   * saying so is; when nothing can be written, the orphan sweep fails the run once its beat stopped.
   */
  async function endRunAsFailed(runId: string, failure: IngestionRunError): Promise<void> {
    await discardStagedFacts(db, runId).catch((error) =>
      log.error({ err: error, runId }, 'staged facts of a failed run could not be discarded'),
    );
    try {
      await finishRun(db, runId, { state: 'failed', error: failure });
    } catch (error) {
      log.error({ err: error, runId }, 'the failure of an ingestion run could not be saved');
      await finishRun(db, runId, {
        state: 'failed',
        error: {
          file: null,
          column: null,
          row: null,
          message: `The run failed and its error could not be saved: ${(error as Error).message}`,
        },
      });
    }
  }

  async function ingest(run: IngestionRun, files: BillingFileToIngest[]): Promise<IngestionOutcome> {
    const heartbeat = setInterval(() => {
      beatRun(db, run.id).catch((error) => log.error({ err: error, runId: run.id }, 'run heartbeat failed'));
    }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    try {
      return await readAndReplace(run, files);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function readAndReplace(run: IngestionRun, files: BillingFileToIngest[]): Promise<IngestionOutcome> {
    const owner: FactOwner = { organizationId: run.organizationId, integrationId: run.integrationId };
    const periods = new Set<string>();
    const warnings: string[] = [];
    let freshThrough: string | null = null;
    let rowsRead = 0;
    let factsWritten = 0;
    let current = files[0]?.label ?? '';
    try {
      await markRunStarted(db, run.id);
      await discardStagedFacts(db, run.id);
      for (const [index, file] of files.entries()) {
        current = file.label;
        let lastReport = 0;
        let fileRows = 0;
        const report = async (filePercent: number, force = false) => {
          if (!force && Date.now() - lastReport < PROGRESS_EVERY_MS) return;
          lastReport = Date.now();
          const percent = Math.min(99, ((index + filePercent / 100) / files.length) * 100);
          await recordRunProgress(db, run.id, {
            filesDone: index,
            rowsRead: rowsRead + fileRows,
            factsWritten,
            percent,
          });
        };
        let latestPercent = 0;
        const opened = await openBillingFile(file.path, {
          maxExpandedBytes: options.maxExpandedBytes,
          onProgress: (progress) => {
            latestPercent = progress.percent;
            fileRows = progress.rowsScanned ?? fileRows;
          },
        });
        try {
          const { summary } = opened;
          fileRows = summary.lineItems;
          for (const period of summary.billingPeriods) periods.add(period);
          warnings.push(...currencyWarnings(summary, file.label));
          if (!freshThrough || summary.lastUsageDate > freshThrough) freshThrough = summary.lastUsageDate;
          for await (const batch of opened.dailyCostFacts()) {
            await stageFacts(db, run.id, owner, batch);
            factsWritten += batch.length;
            await report(latestPercent);
          }
        } finally {
          opened.close();
        }
        rowsRead += fileRows;
        await report(100, true);
      }
      if (periods.size === 0)
        throw new BillingFileError('The export holds no line items: nothing was changed.', { file: current });
      await db
        .transaction()
        .execute((trx) => replaceBillingPeriods(trx, run.id, run.integrationId, [...periods]));
      await recordRunProgress(db, run.id, { filesDone: files.length, rowsRead, factsWritten, percent: 100 });
      await finishRun(db, run.id, { state: 'succeeded', billingPeriods: [...periods].sort(), warnings });
      await tellReplaced({ ...owner, billingPeriods: [...periods].sort() });
    } catch (error) {
      await endRunAsFailed(run.id, describeFailure(error, current));
      freshThrough = null;
    }
    const finished = await findRun(db, run.id);
    if (!finished) throw new Error(`ingestion run ${run.id} vanished`);
    return { run: finished, freshThrough };
  }

  return {
    createRun: (input: {
      organizationId: string;
      integrationId: string;
      trigger: string;
      files: string[];
      /** The folder holding an upload's file: kept while the run has not ended. */
      uploadDir?: string;
    }) => insertRun(db, input),
    endRunAsFailed,
    /** Fails the runs whose worker has not beaten since staleBefore (its process died). */
    failOrphanedRuns: (staleBefore: Date) => failOrphanedRuns(db, staleBefore, ORPHANED_RUN_FAILURE),
    /** Upload folders of runs that have not ended; every other upload folder is an orphan. */
    uploadDirsInUse: () => listUploadDirsInUse(db),
    findRun: (runId: string) => findRun(db, runId),
    latestRun: (integrationId: string) => findLatestRun(db, integrationId),
    ingest,
    /** The usage accounts an integration's cost facts name (for its list entry and its EC2 roles). */
    usageAccounts: (integrationId: string) => listUsageAccounts(db, integrationId),
    /** Registers a listener called after each successful ingest, once its transaction committed. */
    onFactsReplaced(listener: (event: CostFactsReplaced) => Promise<void> | void) {
      replacedListeners.push(listener);
    },
  };
}

export type CostDataService = ReturnType<typeof createCostDataService>;
