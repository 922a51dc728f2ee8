import type { Kysely } from 'kysely';
import { type BillingFilePart, whyPartDoesNotFit } from '../../../domain/billing-file-parts.ts';
import {
  describeShrinkingPeriods,
  findShrinkingPeriods,
  type ShrinkingOutcome,
} from '../../../domain/billing-period-restatements.ts';
import { describeFileProviders } from '../../../domain/cloud-providers.ts';
import { elapsedMs } from '../../clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { letWaitingWorkFirst } from '../../db/waiting-work-first.ts';
import { createSignal } from '../../signal.ts';
import { BillingFileError, type BillingFileSummary, openBillingFile } from './billing-files/index.ts';
import { stageCommitments } from './commitment-facts.repository.ts';
import { createCommitmentReads } from './commitment-reads.repository.ts';
import {
  billingPeriodTotals,
  discardStagedFacts,
  discardStagedFactsOfRunsNotRunning,
  FACT_FILE_OPTIONS,
  type FactOwner,
  listStoredBillingPeriods,
  listUsageAccounts,
  replaceBillingPeriod,
  stageFactPart,
  stageResourceCosts,
} from './cost-facts.repository.ts';
import { createCostSlices } from './cost-slices.service.ts';
import {
  beatRun,
  failOrphanedRuns,
  findHeldRuns,
  findLatestRun,
  findRun,
  findRunOfIntegration,
  finishRun,
  type IngestionRun,
  type IngestionRunError,
  insertRun,
  listUploadDirsInUse,
  markRunStarted,
  recordRunProgress,
  releaseHeldRun,
} from './ingestion-runs.repository.ts';
import { usageRegions } from './resource-costs.repository.ts';
import { stageWhileReading } from './stage-while-reading.ts';

export type { PeriodUnused, StoredCommitment } from './commitment-reads.repository.ts';
export type { IngestionRun, IngestionRunError };

export interface BillingFileToIngest {
  path: string;
  /** What a person recognises: the uploaded file name or the S3 key. */
  label: string;
}

export interface IngestOptions {
  /**
   * What happens when the files would lower a month with spend by more than half: a person's upload
   * is `held` for confirmation; AWS's export is `restated-by-aws`; a confirmed run is `confirmed`.
   * The last two replace the months and name them in the run's notes.
   */
  whenShrinking: ShrinkingOutcome;
  /** Further notes on the periods read (the months the plan's history does not show). */
  notesFor?: (billingPeriods: string[]) => Promise<string[]>;
  /**
   * What the run's end means for its owner. A run that replaced its months calls it *before* its end is
   * written, so whoever reads a run and then its integration never sees it succeeded beside an
   * integration still syncing; a held or failed run just after (the failure as it was saved). Always
   * before the ingest's listeners (the alert evaluation).
   */
  onEnding?: (outcome: IngestionOutcome) => Promise<void>;
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
  /**
   * The most a gzip billing file may expand to, and a Parquet file's footer may declare once read
   * (config.ingestion.maxExpandedBytes).
   */
  maxExpandedBytes?: number;
  /** DuckDB's memory_limit per billing file read (config.ingestion.memoryLimit); DuckDB's session default when absent. */
  memoryLimit?: string;
  /** Where DuckDB spills past its memory (config.ingestion.spillParent); the system's temp folder when absent. */
  spillParent?: string;
  /** How often a reading run is marked alive (config.ingestion.heartbeatMs). */
  heartbeatMs?: number;
  /** The most tag-set days of commitment usage a file keeps (config.ingestion.maxCommitmentTagDays). */
  maxCommitmentTagDays?: number;
}

/** For callers without a config (tests); the server and the CLI pass config.ingestion. */
const DEFAULT_HEARTBEAT_MS = 15_000;

/** Which clouds a FOCUS file held and what each cost, when not AWS alone (decision 060). */
function providerNotes(summary: BillingFileSummary, label: string): string[] {
  const note = describeFileProviders(
    summary.providerCosts.map((entry) => ({ provider: entry.provider, cost: Number(entry.unblendedCost) })),
  );
  return note ? [`${label}: ${note}`] : [];
}

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

/** The file an ingest is reading: a failure names it. */
interface FileBeingRead {
  label: string;
}

/** What reading a run's files into staging found. */
interface StagedRead {
  billingPeriods: string[];
  warnings: string[];
  /** The last usage day read. */
  freshThrough: string | null;
}

/** What a run's swap reports to: the months replaced so far, and the readers to tell before it ends. */
interface SwapContext {
  replaced: string[];
  tellBeforeEnd: () => Promise<void>;
  ingestOptions: IngestOptions;
}

export function createCostDataService(
  db: Kysely<DatabaseSchema>,
  log: { error(details: object, message: string): void } = {
    error: (_details, message) => console.error(message),
  },
  options: CostDataOptions = {},
) {
  // A listener's failure never undoes an ingest that committed; it logs and the schedule retries.
  const listenerFailure = {
    failure: 'a listener failed after an ingest',
    detailsOf: (event: CostFactsReplaced) => ({ integrationId: event.integrationId }),
    log,
  };
  const factsReplaced = createSignal<CostFactsReplaced>(listenerFailure);
  const newFactsBeforeRunEnds = createSignal<CostFactsReplaced>(listenerFailure);

  /** Holds the run instead of replacing months it would shrink; the staged facts go, the files stay. */
  async function holdWhenShrinking(
    run: IngestionRun,
    files: BillingFileToIngest[],
    billingPeriods: string[],
    warnings: string[],
    whenShrinking: ShrinkingOutcome,
  ): Promise<boolean> {
    const shrinking = findShrinkingPeriods(
      await billingPeriodTotals(db, { integrationId: run.integrationId, billingPeriods }),
      await billingPeriodTotals(db, { runId: run.id }),
    );
    if (shrinking.length === 0) return false;
    warnings.push(describeShrinkingPeriods(shrinking, whenShrinking));
    if (whenShrinking !== 'held') return false;
    await discardStagedFacts(db, run.id);
    await finishRun(db, run.id, {
      state: 'held',
      billingPeriods,
      warnings,
      held: { files: files.map(({ path, label }) => ({ path, label })), periods: shrinking },
    });
    return true;
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

  async function ingest(
    run: IngestionRun,
    files: BillingFileToIngest[],
    ingestOptions: IngestOptions = { whenShrinking: 'held' },
  ): Promise<IngestionOutcome> {
    const heartbeat = setInterval(() => {
      beatRun(db, run.id).catch((error) => log.error({ err: error, runId: run.id }, 'run heartbeat failed'));
    }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    try {
      return await readAndReplace(run, files, ingestOptions);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * One transaction per billing period, oldest first (decision 062): each month is swapped whole, and
   * readers of other months and other organizations wait at most one month's swap. Should one fail, the
   * months before it are already new (listed in `replaced`) and the error says which, so the run's
   * reason is true.
   */
  async function replaceEachPeriod(
    run: IngestionRun,
    billingPeriods: string[],
    replaced: string[],
  ): Promise<void> {
    const owner: FactOwner = { organizationId: run.organizationId, integrationId: run.integrationId };
    for (const [index, period] of billingPeriods.entries()) {
      try {
        await letWaitingWorkFirst(db);
        await db.transaction().execute((trx) => replaceBillingPeriod(trx, run.id, owner, period));
        replaced.push(period);
      } catch (error) {
        if (index === 0) throw error;
        const done = billingPeriods
          .slice(0, index)
          .map((month) => month.slice(0, 7))
          .join(', ');
        const cause = error instanceof Error ? error.message : String(error);
        const note = `${done} had already been replaced; later months keep their data`;
        throw new Error(`${cause} (${note})`, { cause: error });
      }
    }
  }

  /**
   * An ingest in three steps: the files read into staging (`stageFiles`), then the months held for a
   * person or swapped in (`holdOrReplace`), else the run ended as failed with its reason. Readers are told
   * of replaced months before the run is shown ended (decision 066), and alerts after.
   */
  async function readAndReplace(
    run: IngestionRun,
    files: BillingFileToIngest[],
    ingestOptions: IngestOptions,
  ): Promise<IngestionOutcome> {
    const owner: FactOwner = { organizationId: run.organizationId, integrationId: run.integrationId };
    const reading: FileBeingRead = { label: files[0]?.label ?? '' };
    const replaced: string[] = [];
    let toldBeforeEnd = false;
    /** Once, before the run is shown ended, if it replaced any month (decision 066). */
    const tellBeforeEnd = async () => {
      if (toldBeforeEnd || replaced.length === 0) return;
      toldBeforeEnd = true;
      await newFactsBeforeRunEnds.emit({ ...owner, billingPeriods: replaced });
    };
    let freshThrough: string | null = null;
    try {
      await markRunStarted(db, run.id);
      await discardStagedFacts(db, run.id);
      const read = await stageFiles(run, files, reading);
      freshThrough = await holdOrReplace(run, files, read, { replaced, tellBeforeEnd, ingestOptions });
    } catch (error) {
      // Months replaced before the failure are new facts too: the caches hear of them before the run ends.
      await tellBeforeEnd();
      // The failure as saved (saving the detail can itself fail): the owner records what the run says.
      await endRunAsFailed(run.id, describeFailure(error, reading.label));
      freshThrough = null;
      const failed = await findRun(db, run.id);
      if (failed) await ingestOptions.onEnding?.({ run: failed, freshThrough });
    }
    try {
      const finished = await findRun(db, run.id);
      if (!finished) throw new Error(`ingestion run ${run.id} vanished`);
      return { run: finished, freshThrough };
    } finally {
      if (replaced.length > 0) await factsReplaced.emit({ ...owner, billingPeriods: replaced });
    }
  }

  /** Every file of the run read into staging, in order; parts of one month must come from one export. */
  async function stageFiles(
    run: IngestionRun,
    files: BillingFileToIngest[],
    reading: FileBeingRead,
  ): Promise<StagedRead> {
    const read: StagedRead = { billingPeriods: [], warnings: [], freshThrough: null };
    const parts: BillingFilePart[] = [];
    const totals = { rowsRead: 0, factsWritten: 0 };
    for (const [index, file] of files.entries()) {
      reading.label = file.label;
      const summary = await stageFile(run, file, { index, count: files.length, parts, totals, read });
      for (const period of summary.billingPeriods)
        if (!read.billingPeriods.includes(period)) read.billingPeriods.push(period);
      if (!read.freshThrough || summary.lastUsageDate > read.freshThrough)
        read.freshThrough = summary.lastUsageDate;
    }
    if (read.billingPeriods.length === 0)
      throw new BillingFileError('The export holds no line items: nothing was changed.', {
        file: reading.label,
      });
    read.billingPeriods.sort();
    await recordRunProgress(db, run.id, { filesDone: files.length, ...totals, percent: 100 });
    return read;
  }

  /** One file's facts and resource costs staged, its notes kept, its progress written as it reads. */
  async function stageFile(
    run: IngestionRun,
    file: BillingFileToIngest,
    at: {
      index: number;
      count: number;
      parts: BillingFilePart[];
      totals: { rowsRead: number; factsWritten: number };
      read: StagedRead;
    },
  ) {
    const { index, count, parts, totals, read } = at;
    let lastReport = Number.NEGATIVE_INFINITY;
    let fileRows = 0;
    let latestPercent = 0;
    const report = async (filePercent: number, force = false) => {
      if (!force && elapsedMs() - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = elapsedMs();
      const percent = Math.min(99, ((index + filePercent / 100) / count) * 100);
      await recordRunProgress(db, run.id, {
        filesDone: index,
        rowsRead: totals.rowsRead + fileRows,
        factsWritten: totals.factsWritten,
        percent,
      });
    };
    const opened = await openBillingFile(file.path, {
      maxExpandedBytes: options.maxExpandedBytes,
      memoryLimit: options.memoryLimit,
      spillParent: options.spillParent,
      maxCommitmentTagDays: options.maxCommitmentTagDays,
      grain: 'stored',
      onProgress: (progress) => {
        latestPercent = progress.percent;
        fileRows = progress.rowsScanned ?? fileRows;
      },
    });
    try {
      const { summary } = opened;
      // Files of one billing period make the month together; a file of another export would not.
      const part = {
        label: file.label,
        format: summary.format,
        columns: opened.columns,
        billingPeriods: summary.billingPeriods,
      };
      const misfit = whyPartDoesNotFit(parts, part);
      if (misfit) throw new BillingFileError(misfit, { file: file.label });
      parts.push(part);
      fileRows = summary.lineItems;
      read.warnings.push(...opened.notes.map((note) => `${file.label}: ${note}`));
      read.warnings.push(...currencyWarnings(summary, file.label));
      read.warnings.push(...providerNotes(summary, file.label));
      // DuckDB writes the next file of facts while the database loads this one (decision 129).
      await stageWhileReading(opened.dailyCostFactParts(FACT_FILE_OPTIONS(run.id)), async (part) => {
        await stageFactPart(db, run.id, part);
        totals.factsWritten += part.kind === 'file' ? part.facts : part.facts.length;
        await report(latestPercent);
      });
      await stageWhileReading(opened.monthlyResourceCosts(), (batch) =>
        stageResourceCosts(db, run.id, batch),
      );
      const commitments = await opened.commitments();
      read.warnings.push(...commitments.notes.map((note) => `${file.label}: ${note}`));
      await stageCommitments(db, run.id, commitments);
      totals.rowsRead += fileRows;
      fileRows = 0;
      await report(100, true);
      return summary;
    } finally {
      opened.close();
    }
  }

  /**
   * The staged months held for a person when they would shrink the bill, else swapped in; either way the
   * run ends here. Answers the freshest day now stored, or null when nothing was replaced.
   */
  async function holdOrReplace(
    run: IngestionRun,
    files: BillingFileToIngest[],
    read: StagedRead,
    { replaced, tellBeforeEnd, ingestOptions }: SwapContext,
  ): Promise<string | null> {
    const { billingPeriods, warnings } = read;
    warnings.push(...((await ingestOptions.notesFor?.(billingPeriods)) ?? []));
    if (await holdWhenShrinking(run, files, billingPeriods, warnings, ingestOptions.whenShrinking)) {
      const held = await findRun(db, run.id);
      if (held) await ingestOptions.onEnding?.({ run: held, freshThrough: null });
      return null;
    }
    await replaceEachPeriod(run, billingPeriods, replaced);
    const ending = { ...run, state: 'succeeded' as const, billingPeriods, warnings, error: null };
    await ingestOptions.onEnding?.({ run: ending, freshThrough: read.freshThrough });
    await tellBeforeEnd();
    await finishRun(db, run.id, { state: 'succeeded', billingPeriods, warnings });
    return read.freshThrough;
  }

  return {
    /** Every read of spend: the cost-slice API (cost-slices.service.ts). */
    slices: createCostSlices(db),
    /** The Savings Plans and reservations the bills named, and their amounts (decision 098). */
    commitments: createCommitmentReads(db),
    createRun: (input: {
      organizationId: string;
      integrationId: string;
      trigger: string;
      files: string[];
      /** The folder holding an upload's file: kept while the run has not ended. */
      uploadDir?: string;
    }) => insertRun(db, input),
    endRunAsFailed,
    /**
     * Fails the runs whose worker has not beaten since staleBefore (its process died), and discards the
     * facts they and any other run no longer running left staged.
     */
    async failOrphanedRuns(staleBefore: Date) {
      const failed = await failOrphanedRuns(db, staleBefore, ORPHANED_RUN_FAILURE);
      await discardStagedFactsOfRunsNotRunning(db);
      return failed;
    },
    /** Upload folders of runs that have not ended; every other upload folder is an orphan. */
    uploadDirsInUse: () => listUploadDirsInUse(db),
    findRun: (runId: string) => findRun(db, runId),
    /** A run of one of the organization's integrations; another tenant's run is undefined. */
    findRunOf: (owner: FactOwner, runId: string) =>
      findRunOfIntegration(db, owner.organizationId, owner.integrationId, runId),
    latestRun: (integrationId: string) => findLatestRun(db, integrationId),
    /** The last run that replaced data: what the numbers shown come from. */
    lastGoodRun: (integrationId: string) => findLatestRun(db, integrationId, 'succeeded'),
    heldRuns: (integrationId: string) => findHeldRuns(db, integrationId),
    /** Takes a held run back to `queued` (confirmed) or ends it `discarded`; undefined when not held. */
    releaseHeldRun: (runId: string, to: 'queued' | 'discarded') => releaseHeldRun(db, runId, to),
    /** The billing periods an integration holds ('YYYY-MM-01'). */
    storedBillingPeriods: (integrationId: string) => listStoredBillingPeriods(db, integrationId),
    ingest,
    /** The usage accounts an integration's cost facts name (for its list entry and its EC2 roles). */
    usageAccounts: (integrationId: string) => listUsageAccounts(db, integrationId),
    /** The regions one account's bill shows spend in: where the waste finders look. */
    usageRegions: (integrationId: string, usageAccountId: string) =>
      usageRegions(db, integrationId, usageAccountId),
    /** Registers a listener called after each successful ingest, once its transaction committed. */
    onFactsReplaced: factsReplaced.subscribe,
    /**
     * Registers a listener called once an ingest replaced months and before its run is shown ended (a
     * success: after its integration recorded its new state; a failure: before either). A cache computes
     * the new answers of the views people have open here, so nobody waits for them (decision 066).
     */
    beforeRunEndsWithNewFacts: newFactsBeforeRunEnds.subscribe,
  };
}

export type CostDataService = ReturnType<typeof createCostDataService>;
