import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  CreateIntegrationInput,
  ExportLocation,
  IngestionRunView,
  IntegrationView,
} from '../../../contracts/integrations.ts';
import type { IngestBillingFilesPayload } from '../../../contracts/jobs.ts';
import type { ShrinkingOutcome } from '../../../domain/billing-period-restatements.ts';
import { isoDayOfInstant } from '../../../domain/calendar-days.ts';
import { describeMonthsOutsideHistory, monthsOutsideHistory } from '../../../domain/plan-history-window.ts';
import type { PlanId } from '../../../domain/plans.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AwsAccess } from '../../aws-access.ts';
import type { AppContext } from '../../context.ts';
import { ingestBillingFilesJob } from '../../jobs/ingest-billing-files.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type {
  BillingFileToIngest,
  CostDataService,
  IngestionOutcome,
  IngestionRun,
} from '../cost-data/cost-data.service.ts';
import {
  type AccessCheck,
  type AwsIdentity,
  checkAwsAccess,
  LOCAL_CREDENTIALS_OFF,
} from './aws/aws-session.ts';
import { backfillProgressOf, settingsOf } from './integration-settings.ts';
import {
  countIntegrations,
  deleteIntegrationRow,
  endStoppedSyncs,
  findDefaultIntegrationRow,
  findIntegrationRow,
  findIntegrationRowById,
  hasDemoIntegration,
  type IntegrationRow,
  insertIntegration,
  listIntegrationRows,
  listIntegrationsDueForSync,
  listReachableAwsIntegrations,
  makeDefaultIntegration,
  recordIntegrationState,
  renameIntegration,
  updateIntegrationSettings,
} from './integrations.repository.ts';
import { removeUnusedUploadFolders } from './upload-folders.ts';
import { storeUploadedFiles, type UploadedFile } from './uploaded-files.ts';

/** What an integration left `syncing` by a server that stopped says. */
const STOPPED_SYNC_FAILURE = {
  file: null,
  column: null,
  row: null,
  message:
    'The server stopped during this sync. Any months it had finished reading are kept; the next sync reads the rest.',
};

/** One ingestion run's files, as queued for a worker (contracts/jobs.ts). */
export type IngestJob = IngestBillingFilesPayload;

/** Months are held or noted by what sent the file: a person, AWS's export, or the command line. */
const SHRINKING_BY_TRIGGER: Record<string, ShrinkingOutcome> = {
  upload: 'held',
  sync: 'restated-by-aws',
  'command-line': 'command-line',
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An upload's files share its folder: removing it removes them all. */
function removeUploadedFiles(files: BillingFileToIngest[]): void {
  for (const folder of new Set(files.map((file) => path.dirname(file.path))))
    fs.rmSync(folder, { recursive: true, force: true });
}

export function toRunView(run: IngestionRun): IngestionRunView {
  return {
    id: run.id,
    trigger: run.trigger,
    state: run.state,
    files: run.files,
    files_total: run.filesTotal,
    files_done: run.filesDone,
    rows_read: run.rowsRead,
    facts_written: run.factsWritten,
    percent: run.percent,
    billing_periods: run.billingPeriods,
    warnings: run.warnings,
    error: run.error,
    held_months:
      run.state === 'held' && run.held
        ? run.held.periods.map((period) => ({
            period: period.period,
            current_usd: period.currentUsd,
            new_usd: period.incomingUsd,
          }))
        : null,
    created_at: run.createdAt.toISOString(),
    finished_at: iso(run.finishedAt),
  };
}

interface ViewExtras {
  latest?: IngestionRun;
  lastGood?: IngestionRun;
  outsideHistory?: IntegrationView['months_outside_history'];
}

function toView(row: IntegrationRow, extras: ViewExtras): IntegrationView {
  const { latest, lastGood, outsideHistory } = extras;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as IntegrationView['kind'],
    source: row.source as IntegrationView['source'],
    role_arn: row.role_arn,
    external_id: row.external_id,
    is_default: row.is_default,
    state: row.state as IntegrationView['state'],
    last_error: (row.last_error as IntegrationView['last_error']) ?? null,
    last_synced_at: iso(row.last_synced_at),
    fresh_through: row.fresh_through,
    accounts: row.accounts as IntegrationView['accounts'],
    export_location: (row.export_location as ExportLocation | null) ?? null,
    is_demo: settingsOf(row.settings).demo === true,
    cost_explorer_calls: settingsOf(row.settings).costExplorer?.paidCalls ?? 0,
    backfill: backfillProgressOf(settingsOf(row.settings)),
    latest_run: latest ? toRunView(latest) : null,
    last_good_run: lastGood ? toRunView(lastGood) : null,
    months_outside_history: outsideHistory ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** Owners and admins manage integrations; members read (issue 9). */
export function assertCanManage(viewer: Viewer): void {
  if (viewer.organizationRole === 'member') throw forbidden('Only owners and admins manage integrations.');
}

export interface IntegrationsOptions {
  /** Refuses one integration beyond the plan (billing.assertWithinLimit). */
  assertWithinLimit?: (viewer: Viewer, limit: 'integrations', currentCount: number) => Promise<void>;
  /** How the server reaches AWS; AWS kinds are refused without it. */
  aws?: AwsAccess;
  /** The organization's plan in force, for the months its history window hides (issue 13). */
  planInForce?: (organizationId: string) => Promise<PlanId>;
  /** Where `resolve` keeps what it read for a second (decision 052); uncached when absent. */
  reads?: CachedReads;
}

/** An integration as the launch-events module sees it: whose it is and how to reach its AWS account. */
export interface AwsTarget {
  id: string;
  organizationId: string;
  name: string;
  kind: string;
  /** Undefined: nothing to reach (an upload integration, or a role not attached yet). */
  identity?: AwsIdentity;
  /** The region of its billing export, when it has one (the integration's home region). */
  exportRegion?: string;
  /** Set when it is the built-in simulator's demo account. */
  demo: boolean;
}

function awsTargetOfRow(row: IntegrationRow): AwsTarget {
  const identity: AwsIdentity | undefined =
    row.kind === 'aws-local-credentials'
      ? { kind: 'aws-local-credentials' }
      : row.kind === 'aws-role' && row.role_arn
        ? { kind: 'aws-role', roleArn: row.role_arn, externalId: row.external_id }
        : undefined;
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    kind: row.kind,
    identity,
    exportRegion: (row.export_location as ExportLocation | null)?.region ?? undefined,
    demo: settingsOf(row.settings).demo === true,
  };
}

export function createIntegrationsService(
  context: AppContext,
  costData: CostDataService,
  options: IntegrationsOptions = {},
) {
  const { db } = context.database;
  const { aws, reads = UNCACHED_READS } = options;
  const localCredentialsAllowed = aws?.localCredentials === true;
  /** Told when an AWS integration is connected, to start its first sync. */
  const connectedListeners: Array<(integrationId: string) => Promise<void>> = [];

  function requireAws(): AwsAccess {
    if (!aws) throw new ApiError(409, 'AwsNotConfigured', 'This server has no AWS access configured.');
    return aws;
  }

  async function verifyOrRefuse(check: Promise<AccessCheck>): Promise<AccessCheck> {
    const answer = await check;
    if (!answer.ok) throw new ApiError(400, `Aws${answer.code ?? 'Failed'}`, `role_arn: ${answer.message}`);
    return answer;
  }

  async function insertAws(viewer: Viewer, input: Exclude<CreateIntegrationInput, { kind: 'upload' }>) {
    if (input.kind === 'aws-local-credentials' && !localCredentialsAllowed)
      throw badRequest(`kind: ${LOCAL_CREDENTIALS_OFF}`);
    const access = requireAws();
    if (input.kind === 'aws-demo') {
      if (!access.demo)
        throw new ApiError(
          409,
          'DemoUnavailable',
          'The demo AWS account runs only with the built-in simulator (AWS_SIMULATOR=on).',
        );
      const { demo } = access;
      if (await hasDemoIntegration(db, viewer.organizationId))
        throw new ApiError(409, 'DemoAlreadyConnected', 'The demo AWS account is already connected.');
      return insertIntegration(db, {
        organizationId: viewer.organizationId,
        name: input.name ?? 'Acme Corp (demo AWS account)',
        kind: 'aws-role',
        source: 'cur-export',
        externalId: demo.externalId,
        roleArn: demo.roleArn,
        exportLocation: { bucket: demo.bucket, prefix: demo.prefix, region: demo.region },
        settings: { demo: true },
      });
    }
    const externalId =
      (input.kind === 'aws-role' ? input.external_id : undefined) ?? randomBytes(16).toString('hex');
    if (input.kind === 'aws-role' && input.role_arn) {
      await verifyOrRefuse(
        checkAwsAccess(
          access,
          { kind: 'aws-role', roleArn: input.role_arn, externalId },
          input.export ?? null,
          () => context.clock.now(),
        ),
      );
    }
    if (input.kind === 'aws-local-credentials')
      await verifyOrRefuse(
        checkAwsAccess(access, { kind: 'aws-local-credentials' }, input.export ?? null, () =>
          context.clock.now(),
        ),
      );
    return insertIntegration(db, {
      organizationId: viewer.organizationId,
      name: input.name,
      kind: input.kind,
      source: input.export ? 'cur-export' : 'cost-explorer',
      externalId,
      roleArn: input.kind === 'aws-role' ? input.role_arn : null,
      exportLocation: input.export,
    });
  }
  const uploadDir = path.join(context.config.dataDir, 'uploads');

  async function requireIntegration(viewer: Viewer, integrationId: string): Promise<IntegrationRow> {
    const row = await findIntegrationRow(db, viewer.organizationId, integrationId);
    if (!row) throw notFound('Integration');
    return row;
  }

  /** The stored months the plan's history window hides, when the server knows the plan. */
  async function outsideHistory(organizationId: string, billingPeriods: string[]) {
    if (!options.planInForce || billingPeriods.length === 0) return null;
    const plan = await options.planInForce(organizationId);
    const outside = monthsOutsideHistory(billingPeriods, plan, isoDayOfInstant(context.clock.now()));
    return outside ? { plan, outside } : null;
  }

  async function readRuns(integrationId: string) {
    const [latest, lastGood, stored] = await Promise.all([
      costData.latestRun(integrationId),
      costData.lastGoodRun(integrationId),
      costData.storedBillingPeriods(integrationId),
    ]);
    return { latest, lastGood, stored };
  }

  async function viewOf(
    row: IntegrationRow,
    { latest, lastGood, stored }: Awaited<ReturnType<typeof readRuns>>,
  ) {
    const hidden = await outsideHistory(row.organization_id, stored);
    const outside = hidden && {
      months: hidden.outside.months,
      visible_from: hidden.outside.visibleFrom,
      remedy: hidden.outside.remedy,
    };
    const shown = toView(row, { latest, lastGood, outsideHistory: outside });
    // Kept, but reaching nothing while the operator keeps the server's own credentials off: the card says why.
    if (row.kind === 'aws-local-credentials' && !localCredentialsAllowed)
      return {
        ...shown,
        state: 'error' as const,
        last_error: { file: null, column: null, row: null, message: LOCAL_CREDENTIALS_OFF },
      };
    return shown;
  }

  const view = async (row: IntegrationRow) => viewOf(row, await readRuns(row.id));

  /**
   * One integration as it is now, its runs read before its row: a run's end is written after the row's
   * state (runIngestion), so an ended run is never shown beside an integration still syncing.
   */
  async function currentView(viewer: Viewer, integrationId: string) {
    await requireIntegration(viewer, integrationId);
    const runs = await readRuns(integrationId);
    return viewOf(await requireIntegration(viewer, integrationId), runs);
  }

  /**
   * The data's state after a run. A failed or held upload leaves the numbers of the last good run in
   * place, so the integration stays `ready` with them; the run carries the failure (issue 13). A sync
   * that failed still marks the AWS source `error`: the source itself needs attention.
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
        return ended;
      } catch (error) {
        return await endAfterUnexpectedFailure(run, error);
      }
    } finally {
      // A held run keeps its file until a person confirms or discards it.
      if (job.removeAfter && !held) removeUploadedFiles(job.files);
    }
  }

  /** A new upload supersedes a held one: the card shows one decision, and no held file is forgotten. */
  async function discardSupersededHeldRuns(integrationId: string): Promise<void> {
    for (const held of await costData.heldRuns(integrationId)) {
      const discarded = await costData.releaseHeldRun(held.id, 'discarded');
      if (discarded?.held) removeUploadedFiles(discarded.held.files);
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
      notesFor: async (billingPeriods) => {
        const hidden = await outsideHistory(run.organizationId, billingPeriods);
        return hidden ? [describeMonthsOutsideHistory(hidden.outside, hidden.plan)] : [];
      },
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
    reads.forgetAll();
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

  return {
    runIngestion,
    startIngestion,
    sweepOrphans,
    requireIntegration,
    async list(viewer: Viewer) {
      return Promise.all((await listIntegrationRows(db, viewer.organizationId)).map(view));
    },
    get: currentView,
    /** `default` is the organization's default integration (spec §3 billing query). */
    async resolve(viewer: Viewer, integrationIdOrDefault: string) {
      const { organizationId } = viewer;
      return reads.read(`integration\n${organizationId}\n${integrationIdOrDefault}`, async () => {
        const row =
          integrationIdOrDefault === 'default'
            ? await findDefaultIntegrationRow(db, organizationId)
            : await findIntegrationRow(db, organizationId, integrationIdOrDefault);
        return row ? toView(row, {}) : undefined;
      });
    },
    async create(viewer: Viewer, input: CreateIntegrationInput) {
      assertCanManage(viewer);
      await options.assertWithinLimit?.(
        viewer,
        'integrations',
        await countIntegrations(db, viewer.organizationId),
      );
      const row =
        input.kind === 'upload'
          ? await insertIntegration(db, {
              organizationId: viewer.organizationId,
              name: input.name,
              kind: input.kind,
              source: 'upload',
              externalId: randomBytes(16).toString('hex'),
            })
          : await insertAws(viewer, input);
      if (row.kind !== 'upload' && (row.role_arn || row.kind === 'aws-local-credentials'))
        for (const listener of connectedListeners) await listener(row.id);
      return view(row);
    },
    /** Checks a role before (or after) connecting it: which step failed and why. */
    async verifyRole(viewer: Viewer, input: { role_arn: string; external_id: string }): Promise<AccessCheck> {
      assertCanManage(viewer);
      return checkAwsAccess(
        requireAws(),
        {
          kind: 'aws-role',
          roleArn: input.role_arn,
          externalId: input.external_id,
        },
        null,
        () => context.clock.now(),
      );
    },
    /** Sets the role ARN of an integration started on the setup screen, once it is verified. */
    async attachRole(viewer: Viewer, integrationId: string, roleArn: string) {
      assertCanManage(viewer);
      const row = await requireIntegration(viewer, integrationId);
      if (row.kind !== 'aws-role') throw badRequest('role_arn: only AWS role integrations take a role ARN.');
      const check = await checkAwsAccess(
        requireAws(),
        { kind: 'aws-role', roleArn, externalId: row.external_id },
        (row.export_location as ExportLocation | null) ?? null,
        () => context.clock.now(),
      );
      if (check.ok) {
        await updateIntegrationSettings(db, row.id, { roleArn });
        await recordIntegrationState(db, row.id, { state: 'pending' });
        for (const listener of connectedListeners) await listener(row.id);
      }
      return check;
    },
    onConnected(listener: (integrationId: string) => Promise<void>) {
      connectedListeners.push(listener);
    },
    /** The integration, when the viewer may manage it (owners and admins). */
    async requireManaged(viewer: Viewer, integrationId: string) {
      assertCanManage(viewer);
      return requireIntegration(viewer, integrationId);
    },
    /** Gives an organization the demo AWS account (the demo person's organization at start-up). */
    async connectDemoFor(organizationId: string): Promise<string | undefined> {
      if (!aws?.demo || (await hasDemoIntegration(db, organizationId))) return undefined;
      const { demo } = aws;
      const row = await insertIntegration(db, {
        organizationId,
        name: 'Acme Corp (demo AWS account)',
        kind: 'aws-role',
        source: 'cur-export',
        externalId: demo.externalId,
        roleArn: demo.roleArn,
        exportLocation: { bucket: demo.bucket, prefix: demo.prefix, region: demo.region },
        settings: { demo: true },
      });
      return row.id;
    },
    /**
     * `npm run ingest`: the file goes through the same ingestion as an upload, into the named
     * integration or the organization's "Command line" upload integration.
     */
    async ingestLocalFile(input: {
      filePath: string;
      integrationId?: string;
      organizationId?: string;
      onRunCreated?: (run: IngestionRun) => void;
    }): Promise<IngestionRun> {
      let row: IntegrationRow | undefined;
      if (input.integrationId) {
        row = await findIntegrationRowById(db, input.integrationId);
        if (!row) throw new Error(`No integration has the id ${input.integrationId}.`);
      } else if (input.organizationId) {
        row =
          (await listIntegrationRows(db, input.organizationId)).find((r) => r.name === 'Command line') ??
          (await insertIntegration(db, {
            organizationId: input.organizationId,
            name: 'Command line',
            kind: 'upload',
            source: 'upload',
            externalId: randomBytes(16).toString('hex'),
          }));
      } else
        throw new Error(
          'Name the integration (--integration <id>) or the organization (--organization <slug|email>).',
        );
      const label = path.basename(input.filePath);
      const run = await costData.createRun({
        organizationId: row.organization_id,
        integrationId: row.id,
        trigger: 'command-line',
        files: [label],
      });
      input.onRunCreated?.(run);
      return runIngestion({
        runId: run.id,
        files: [{ path: path.resolve(input.filePath), label }],
        removeAfter: false,
      });
    },
    listDueForSync: (intervalMs: number) =>
      listIntegrationsDueForSync(
        db,
        new Date(context.clock.now().getTime() - intervalMs),
        localCredentialsAllowed,
      ),
    /** AWS integrations Spendguard can reach, every organization's (the launch-events pollers). */
    listReachableAws: () => listReachableAwsIntegrations(db, localCredentialsAllowed),
    /**
     * How to reach one integration's AWS account for its launch events, without a viewer (a worker):
     * undefined when it is gone; `identity` undefined when it has no AWS access (uploads, no role yet).
     */
    async awsTargetOf(integrationId: string): Promise<AwsTarget | undefined> {
      const row = await findIntegrationRowById(db, integrationId);
      return row && awsTargetOfRow(row);
    },
    /** The organization's integrations as AWS targets (status, ledger), in the list's order. */
    async awsTargetsOf(organizationId: string): Promise<AwsTarget[]> {
      return (await listIntegrationRows(db, organizationId)).map(awsTargetOfRow);
    },
    countFor: (organizationId: string) => countIntegrations(db, organizationId),
    hasDemo: (organizationId: string) => hasDemoIntegration(db, organizationId),
    async update(viewer: Viewer, integrationId: string, patch: { name?: string; is_default?: true }) {
      assertCanManage(viewer);
      await requireIntegration(viewer, integrationId);
      if (patch.name) await renameIntegration(db, integrationId, patch.name);
      if (patch.is_default) await makeDefaultIntegration(db, viewer.organizationId, integrationId);
      return view(await requireIntegration(viewer, integrationId));
    },
    /** Disconnecting deletes the integration with its facts, rollups, runs and inventory (cascade). */
    async remove(viewer: Viewer, integrationId: string) {
      assertCanManage(viewer);
      await requireIntegration(viewer, integrationId);
      await deleteIntegrationRow(db, viewer.organizationId, integrationId);
    },
    status: currentView,

    /**
     * A person's answer to a held upload: `confirm` reads its file again and replaces the months after
     * all; `discard` keeps the current numbers. Either way the file is removed once the run ends.
     */
    async decideHeldRun(
      viewer: Viewer,
      ids: { integrationId: string; runId: string },
      action: 'confirm' | 'discard',
    ): Promise<IngestionRunView> {
      assertCanManage(viewer);
      await requireIntegration(viewer, ids.integrationId);
      const owner = { organizationId: viewer.organizationId, integrationId: ids.integrationId };
      const run = await costData.findRunOf(owner, ids.runId);
      if (!run) throw notFound('Ingestion run');
      const released = await costData.releaseHeldRun(run.id, action === 'confirm' ? 'queued' : 'discarded');
      if (!released?.held)
        throw new ApiError(
          409,
          'RunNotHeld',
          `runId: this upload is ${run.state}, not waiting for a decision.`,
        );
      if (action === 'discard') removeUploadedFiles(released.held.files);
      else
        await startIngestion({
          runId: run.id,
          files: released.held.files,
          removeAfter: true,
          whenShrinking: 'confirmed',
        });
      return toRunView((await costData.findRun(run.id)) ?? released);
    },

    /**
     * Streams the uploaded billing files to disk (never whole in memory), a zip's expanded, then ingests
     * them in one run: files of one billing period make the month together, in whatever order they came.
     */
    async acceptUpload(
      viewer: Viewer,
      integrationId: string,
      uploads: AsyncIterable<UploadedFile>,
    ): Promise<IngestionRunView> {
      assertCanManage(viewer);
      const integration = await requireIntegration(viewer, integrationId);
      const folder = path.join(uploadDir, randomBytes(8).toString('hex'));
      fs.mkdirSync(folder, { recursive: true });
      let files: BillingFileToIngest[];
      try {
        files = await storeUploadedFiles(uploads, folder, {
          maxFileBytes: context.config.uploadMaxBytes,
          maxExpandedBytes: context.config.ingestion.maxExpandedBytes,
        });
      } catch (error) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw error;
      }
      await discardSupersededHeldRuns(integration.id);
      const run = await costData.createRun({
        organizationId: viewer.organizationId,
        integrationId: integration.id,
        trigger: 'upload',
        files: files.map((file) => file.label),
        uploadDir: folder,
      });
      await startIngestion({ runId: run.id, files, removeAfter: true });
      return toRunView((await costData.findRun(run.id)) ?? run);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
