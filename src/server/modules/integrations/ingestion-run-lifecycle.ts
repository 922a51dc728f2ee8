import fs from 'node:fs';
import path from 'node:path';
import type { IngestBillingFilesPayload } from '../../../contracts/jobs.ts';
import type { ShrinkingOutcome } from '../../../domain/billing-period-restatements.ts';
import type { CachedReads } from '../../auth/cached-reads.ts';
import type { AppContext } from '../../context.ts';
import { ingestBillingFilesJob } from '../../jobs/ingest-billing-files.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import type {
  BillingFileToIngest,
  CostDataService,
  IngestionOutcome,
  IngestionRun,
} from '../cost-data/cost-data.service.ts';
import {
  endStoppedSyncs,
  recordIntegrationState,
  updateIntegrationSettings,
} from './integrations.repository.ts';
import { removeUnusedUploadFolders } from './upload-folders.ts';

/** One ingestion run's files, as queued for a worker (contracts/jobs.ts). */
export type IngestJob = IngestBillingFilesPayload;

/** What an integration left `syncing` by a server that stopped says. */
const STOPPED_SYNC_FAILURE = {
  file: null,
  column: null,
  row: null,
  message:
    'The server stopped during this sync. Any months it had finished reading are kept; the next sync reads the rest.',
};

/** Months are held or noted by what sent the file: a person, AWS's export, or the command line. */
const SHRINKING_BY_TRIGGER: Record<string, ShrinkingOutcome> = {
  upload: 'held',
  sync: 'restated-by-aws',
  'command-line': 'command-line',
};

/** An upload's files share its folder: removing it removes them all. */
export function removeUploadedFiles(files: BillingFileToIngest[]): void {
  for (const folder of new Set(files.map((file) => path.dirname(file.path))))
    fs.rmSync(folder, { recursive: true, force: true });
}

export interface IngestionRunLifecycleOptions {
  /** Where the dashboard keeps what it read: forgotten once a run ends. */
  reads: CachedReads;
  /** Notes on the months read that the organization's plan does not show. */
  notesFor: (organizationId: string, billingPeriods: string[]) => Promise<string[]>;
  /** Told once an upload's run replaced its months, before its folder is removed (the parts kept). */
  onUploadReplaced?: (run: IngestionRun, files: BillingFileToIngest[]) => Promise<void>;
}

/**
 * The life of an ingestion run around cost-data's reading: the integration `syncing` while it reads,
 * then ready, pending or in error with the run's reason; whatever throws on the way, the run ends; an
 * upload's files go once nobody needs them; what a dead process left behind is swept.
 */
export function createIngestionRunLifecycle(
  context: AppContext,
  costData: CostDataService,
  options: IngestionRunLifecycleOptions,
) {
  const { db } = context.database;
  const uploadDir = path.join(context.config.dataDir, 'uploads');

  /**
   * The data's state after a run. A failed or held upload leaves the numbers of the last good run in
   * place, so the integration stays `ready` with them; the run carries the failure. A sync that failed
   * still marks the AWS source `error`: the source itself needs attention.
   */
  async function dataStateAfter(run: IngestionRun): Promise<'ready' | 'pending' | 'error'> {
    if (run.state === 'succeeded') return 'ready';
    const hasData = (await costData.lastGoodRun(run.integrationId)) !== undefined;
    if (run.state === 'failed') return run.trigger !== 'sync' && hasData ? 'ready' : 'error';
    return hasData ? 'ready' : 'pending';
  }

  /**
   * Reads the files and records the outcome on the integration: fresh-through day, or the failure.
   * Whatever throws on the way, the run and the integration end (failed, with the reason), and an
   * upload's file is removed.
   */
  async function runIngestion(job: IngestJob): Promise<IngestionRun> {
    let held = false;
    try {
      const run = await costData.findRun(job.runId);
      if (!run) throw new Error(`ingestion run ${job.runId} not found`);
      try {
        const ended = await ingestAndRecord(run, job);
        held = ended.state === 'held';
        if (ended.state === 'succeeded' && ended.trigger === 'upload')
          // The month is already replaced: failing to keep its parts only means a later part asks nothing.
          await options
            .onUploadReplaced?.(ended, job.files)
            .catch((error) =>
              context.log.error(
                { err: error, runId: run.id },
                'the parts of an uploaded month could not be kept',
              ),
            );
        return ended;
      } catch (error) {
        return await endAfterUnexpectedFailure(run, error);
      }
    } finally {
      // A held run keeps its file until a person confirms or discards it.
      if (job.removeAfter && !held) removeUploadedFiles(job.files);
    }
  }

  async function endAfterUnexpectedFailure(run: IngestionRun, error: unknown): Promise<IngestionRun> {
    context.log.error({ err: error, runId: run.id }, 'an ingestion run failed outside the file reading');
    const failure = {
      file: null,
      column: null,
      row: null,
      message: `The run could not be completed: ${error instanceof Error ? error.message : String(error)}`,
    };
    await costData.endRunAsFailed(run.id, failure);
    const failed = (await costData.findRun(run.id)) ?? run;
    await recordIntegrationState(db, run.integrationId, {
      state: await dataStateAfter(failed),
      lastError: failure,
    });
    return failed;
  }

  async function ingestAndRecord(run: IngestionRun, job: IngestJob): Promise<IngestionRun> {
    await recordIntegrationState(db, run.integrationId, { state: 'syncing' });
    const outcome = await costData.ingest(run, job.files, {
      whenShrinking: job.whenShrinking ?? SHRINKING_BY_TRIGGER[run.trigger] ?? 'held',
      notesFor: (billingPeriods) => options.notesFor(run.organizationId, billingPeriods),
      onEnding: recordOutcome,
    });
    return outcome.run;
  }

  /**
   * The integration's state after its run, recorded as the run ends, before the alerts react. A sync's
   * run that succeeded is one step of that sync (the newest months, then the fleet, then the older
   * months): the integration stays `syncing` until the sync itself ends, and says "Up to date" then.
   */
  async function recordOutcome({ run, freshThrough }: IngestionOutcome): Promise<void> {
    const succeeded = run.state === 'succeeded';
    await recordIntegrationState(db, run.integrationId, {
      state: succeeded && run.trigger === 'sync' ? 'syncing' : await dataStateAfter(run),
      lastError: run.state === 'failed' ? run.error : undefined,
      freshThrough,
      synced: succeeded,
    });
    // The dashboard's answers are keyed on the last sync and fresh-through day: this node sees them at once.
    options.reads.forgetAll();
    // The list names the accounts each source covers, uploads included.
    if (succeeded)
      await updateIntegrationSettings(db, run.integrationId, {
        accounts: await costData.usageAccounts(run.integrationId),
      });
  }

  /**
   * Ends what a dead process left behind: runs still `running` without a beat since staleBefore are
   * failed (their integration says so when it was their last run), then upload folders no unended run
   * needs and untouched since untouchedSince are removed. With noSyncRuns (the start of the only
   * server on DATA_DIR), an integration still `syncing` was left so by a sync that died before its
   * ingest, and says so.
   */
  async function sweepOrphans(sweep: { staleBefore: Date; untouchedSince: Date; noSyncRuns?: boolean }) {
    const failed = await costData.failOrphanedRuns(sweep.staleBefore);
    for (const run of failed) {
      if ((await costData.latestRun(run.integrationId))?.id === run.id)
        await recordIntegrationState(db, run.integrationId, {
          state: await dataStateAfter(run),
          lastError: run.error,
        });
    }
    const stoppedSyncs = sweep.noSyncRuns ? await endStoppedSyncs(db, STOPPED_SYNC_FAILURE) : [];
    const removed = removeUnusedUploadFolders(
      uploadDir,
      await costData.uploadDirsInUse(),
      sweep.untouchedSince,
    );
    return { failedRuns: failed.map((run) => run.id), stoppedSyncs, removedUploads: removed };
  }

  /** Queues the run when workers exist; without a queue (CLI, some tests) reads it right away. */
  async function startIngestion(job: IngestJob): Promise<void> {
    if (context.queue) {
      await sendJob(context.queue, ingestBillingFilesJob, job);
      return;
    }
    await runIngestion(job);
  }

  /** A new upload supersedes a held one: the card shows one decision, and no held file is forgotten. */
  async function discardSupersededHeldRuns(integrationId: string): Promise<void> {
    for (const held of await costData.heldRuns(integrationId)) {
      const discarded = await costData.releaseHeldRun(held.id, 'discarded');
      if (discarded?.held) removeUploadedFiles(discarded.held.files);
    }
  }

  return { uploadDir, runIngestion, startIngestion, sweepOrphans, discardSupersededHeldRuns };
}

export type IngestionRunLifecycle = ReturnType<typeof createIngestionRunLifecycle>;
