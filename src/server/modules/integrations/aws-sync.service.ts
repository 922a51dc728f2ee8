import type { S3Client } from '@aws-sdk/client-s3';
import type { ExportLocation } from '../../../contracts/integrations.ts';
import type { SyncAwsBillingPeriodPayload } from '../../../contracts/jobs.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { elapsedMs } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { syncAwsBillingPeriodJob } from '../../jobs/sync-aws-billing-period.job.ts';
import { makeScratchFolder } from '../../scratch-folders.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import { awsClients } from './aws/aws-clients.ts';
import { AwsAccessError, isThrottling } from './aws/aws-failure.ts';
import { type AwsIdentity, type AwsSession, openAwsSession } from './aws/aws-session.ts';
import { discoverExportPeriods, downloadObject } from './aws/billing-export-discovery.ts';
import {
  type ApiCommitment,
  type CommitmentApiOutcome,
  collectCommitmentInventory,
} from './aws/commitment-inventory-collector.ts';
import { importComputeOptimizer } from './aws/compute-optimizer-import.ts';
import { importFromCostExplorer } from './aws/cost-explorer-import.ts';
import { importCostOptimizationHub } from './aws/cost-optimization-hub-import.ts';
import { type CollectedInstance, collectEc2Inventory } from './aws/ec2-inventory-collector.ts';
import type { RecommendationImportOutcome } from './aws/recommendation-import.ts';
import {
  collectWasteInventory,
  instancesOutcome,
  regionsToRead,
  type WasteFinderOutcome,
} from './aws/waste-inventory-collector.ts';
import {
  backfillPendingOf,
  type CommitmentRead,
  type RecommendationImportRead,
  settingsOf,
} from './integration-settings.ts';
import {
  addBackfillPeriods,
  findIntegrationRowById,
  type IntegrationRow,
  mergeIntegrationSettings,
  recordBackfilledPeriod,
  recordExportFingerprints,
  recordIntegrationState,
  updateIntegrationSettings,
} from './integrations.repository.ts';
import type { IngestJob } from './integrations.service.ts';

/** Cost Explorer bills every call: without a user asking, refresh at most once per 6 hours. */
export const COST_EXPLORER_REFRESH_MS = 6 * 3_600_000;
const RECENT_PERIODS = 2;

export interface SyncDependencies {
  context: AppContext;
  access: AwsAccess;
  costData: CostDataService;
  runIngestion: (job: IngestJob) => Promise<{ state: string; error?: { message: string } | null }>;
  /** Recommendations owns the EC2 inventory: a sync hands it what it collected, then asks for new findings. */
  storeEc2Inventory: (
    owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
    instances: CollectedInstance[],
  ) => Promise<{ instances: number }>;
  refreshFindings: (organizationId: string) => Promise<unknown>;
  /** Recommendations owns the waste inventory too (decision 101): each account's finders, as collected. */
  storeWasteInventory?: (
    owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
    outcomes: WasteFinderOutcome[],
  ) => Promise<{ resources: number }>;
  /**
   * The commitments module owns the inventory of Savings Plans and reservations (decision 122): each
   * account's commitments, for the APIs that answered.
   */
  storeCommitmentInventory?: (
    owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
    answered: CommitmentApiOutcome['api'][],
    commitments: ApiCommitment[],
  ) => Promise<number>;
  /** And what Compute Optimizer and Cost Optimization Hub recommend for each account (decisions 124, 133), read in the same pass. */
  storeImportedRecommendations?: (
    owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
    outcome: RecommendationImportOutcome,
  ) => Promise<{ recommendations: number }>;
}

export interface SyncOutcome {
  /** `backfilling`: older months were handed to workers, one job each; the last one in ends the sync. */
  state: 'ready' | 'error' | 'skipped' | 'backfilling';
  costs: 'export' | 'cost-explorer' | 'unchanged' | 'cached' | 'failed';
  periodsIngested: string[];
  instances: number;
  message: string;
}

const NOTHING_TO_SYNC: SyncOutcome = {
  state: 'skipped',
  costs: 'unchanged',
  periodsIngested: [],
  instances: 0,
  message: 'nothing to sync',
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthStart = (date: Date, monthsBack: number) =>
  isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1)));

export function identityOf(row: IntegrationRow): AwsIdentity {
  if (row.kind === 'aws-local-credentials') return { kind: 'aws-local-credentials' };
  if (!row.role_arn)
    throw new AwsAccessError('AccessDenied', 'Paste the role ARN of the stack before syncing.');
  return { kind: 'aws-role', roleArn: row.role_arn, externalId: row.external_id };
}

/**
 * One sync of an AWS integration: cost data (the S3 export's new or changed periods, else Cost
 * Explorer), then the EC2 inventory and metrics of every account reachable, then the findings.
 */
export function createAwsSyncService(deps: SyncDependencies) {
  const { db } = deps.context.database;
  const now = () => deps.context.clock.now();

  async function ingestFiles(row: IntegrationRow, files: Array<{ path: string; label: string }>) {
    const run = await deps.costData.createRun({
      organizationId: row.organization_id,
      integrationId: row.id,
      trigger: 'sync',
      files: files.map((file) => file.label),
    });
    return deps.runIngestion({ runId: run.id, files, removeAfter: false });
  }

  /** One billing period of the export downloaded and ingested as a run of its own. */
  async function ingestPeriod(
    row: IntegrationRow,
    s3: S3Client,
    location: ExportLocation,
    period: { keys: string[] },
    folder: string,
  ) {
    const files = [];
    for (const key of period.keys)
      files.push({
        path: await downloadObject(s3, location.bucket, key, folder),
        label: `s3://${location.bucket}/${key}`,
      });
    return ingestFiles(row, files);
  }

  /**
   * The older months handed to workers, one job each (docs/decisions/082), unless a backfill under way
   * already holds them. Answers the months queued.
   */
  async function queueBackfill(row: IntegrationRow, periods: Array<SyncAwsBillingPeriodPayload>) {
    const queue = deps.context.queue;
    if (!queue) return [];
    const pending = new Set(
      backfillPendingOf(settingsOf((await findIntegrationRowById(db, row.id))?.settings)),
    );
    const queued = periods.filter((period) => !pending.has(period.period));
    if (queued.length === 0) return [];
    await addBackfillPeriods(
      db,
      row.id,
      queued.map((period) => period.period),
    );
    for (const period of queued) await sendJob(queue, syncAwsBillingPeriodJob, period);
    return queued.map((period) => period.period);
  }

  async function syncExport(
    row: IntegrationRow,
    session: AwsSession,
    location: ExportLocation,
    folder: string,
    phase: 'recent' | 'older',
  ) {
    const settings = settingsOf((await findIntegrationRowById(db, row.id))?.settings);
    const { s3 } = awsClients(deps.access, session.credentials, location.region ?? deps.access.region);
    const periods = await discoverExportPeriods(s3, location);
    if (periods.length === 0)
      throw new AwsAccessError(
        'NotFound',
        `The export at s3://${location.bucket}/${location.prefix} holds no billing files yet (AWS delivers the first within 24 hours).`,
      );
    const known = settings.exportFingerprints ?? {};
    const stale = periods.filter((period) => known[period.period] !== period.fingerprint);
    // The two newest months land first, so a first sync shows this month (and the fleet) quickly.
    const changed = phase === 'recent' ? stale.slice(-RECENT_PERIODS) : stale;
    if (changed.length === 0) return { costs: 'unchanged' as const, periods: [] };
    if (phase === 'older' && deps.context.queue) {
      const queued = await queueBackfill(
        row,
        changed.map(({ period, fingerprint, keys }) => ({
          integrationId: row.id,
          period,
          fingerprint,
          keys,
        })),
      );
      return { costs: queued.length > 0 ? ('export' as const) : ('unchanged' as const), periods: queued };
    }
    // Without workers (the command line, a test without a queue) this sync reads them, a run each.
    const ingested: string[] = [];
    for (const period of changed) {
      const run = await ingestPeriod(row, s3, location, period, folder);
      if (run.state !== 'succeeded') return { costs: 'failed' as const, periods: ingested };
      await recordExportFingerprints(db, row.id, { [period.period]: period.fingerprint });
      ingested.push(period.period);
    }
    return { costs: 'export' as const, periods: ingested };
  }

  /**
   * The backfill's last month ended: the integration is ready when every month is in, else in error
   * with the months that failed (their jobs retry; the next sync queues them again).
   */
  async function settleBackfill(row: IntegrationRow) {
    const backfill = settingsOf((await findIntegrationRowById(db, row.id))?.settings).backfill;
    if (!backfill || backfillPendingOf({ backfill }).length > 0) return;
    if (backfill.done.length >= backfill.periods.length) {
      await recordAccounts(row);
      await recordIntegrationState(db, row.id, { state: 'ready', synced: true });
      return;
    }
    const failures = Object.entries(backfill.failed).map(([period, why]) => `${period.slice(0, 7)}: ${why}`);
    await recordIntegrationState(db, row.id, {
      state: 'error',
      lastError: {
        file: null,
        column: null,
        row: null,
        message: `${backfill.done.length} of ${backfill.periods.length} months in; ${failures.join('; ')}`,
      },
    });
  }

  /**
   * One month of a backfill, on whichever worker took its job: downloaded and ingested as a run of its
   * own. A failure is recorded on the backfill and thrown, so the queue retries this month alone.
   */
  async function syncBillingPeriod(job: SyncAwsBillingPeriodPayload): Promise<SyncOutcome> {
    const row = await findIntegrationRowById(db, job.integrationId);
    const location = row?.export_location as ExportLocation | null | undefined;
    if (!row || !location) return NOTHING_TO_SYNC;
    const scratch = makeScratchFolder('spendguard-sync-');
    const started = elapsedMs();
    let failure: string | undefined;
    try {
      const session = await openAwsSession(deps.access, identityOf(row));
      const { s3 } = awsClients(deps.access, session.credentials, location.region ?? deps.access.region);
      const run = await ingestPeriod(row, s3, location, job, scratch.path);
      // The run's own reason (the file and what is wrong with it), so the card names it.
      if (run.state !== 'succeeded') failure = storableText(run.error?.message ?? 'the ingest failed');
    } catch (error) {
      failure = storableText((error as Error).message);
    } finally {
      scratch.remove();
    }
    await recordBackfilledPeriod(
      db,
      row.id,
      failure ? { period: job.period, failure } : { period: job.period, fingerprint: job.fingerprint },
    );
    await settleBackfill(row);
    const ms = Math.round(elapsedMs() - started);
    if (failure) throw new Error(`billing period ${job.period}: ${failure}`);
    // Which node took which month, and how long it took: the operator's view of a shared backfill.
    deps.context.log.info({ integrationId: row.id, period: job.period, ms }, 'billing period synced');
    return {
      state: 'ready',
      costs: 'export',
      periodsIngested: [job.period],
      instances: 0,
      message: `synced billing period ${job.period}`,
    };
  }

  async function syncCostExplorer(row: IntegrationRow, session: AwsSession, folder: string, force: boolean) {
    const settings = settingsOf(row.settings);
    const refreshedAt = settings.costExplorer?.refreshedAt;
    if (!force && refreshedAt && now().getTime() - Date.parse(refreshedAt) < COST_EXPLORER_REFRESH_MS)
      return { costs: 'cached' as const, periods: [] };
    // The first refresh reads 13 months; later ones the months that may still be restated.
    const start = monthStart(now(), refreshedAt ? 1 : 12);
    const end = isoDay(new Date(now().getTime() + 86_400_000));
    const { costExplorer } = awsClients(deps.access, session.credentials);
    const imported = await importFromCostExplorer(costExplorer, {
      start,
      end,
      payerAccountId: session.accountId,
      folder,
    });
    const paidCalls = (settings.costExplorer?.paidCalls ?? 0) + imported.paidCalls;
    const costExplorerState = { refreshedAt: now().toISOString(), paidCalls };
    const run =
      imported.periods.length > 0
        ? await ingestFiles(row, [{ path: imported.file, label: 'Cost Explorer GetCostAndUsage' }])
        : { state: 'succeeded' };
    const latest = settingsOf((await findIntegrationRowById(db, row.id))?.settings);
    await updateIntegrationSettings(db, row.id, {
      settings: {
        ...latest,
        costExplorer: run.state === 'succeeded' ? costExplorerState : { ...latest.costExplorer, paidCalls },
      },
      source: 'cost-explorer',
    });
    return {
      costs: run.state === 'succeeded' ? ('cost-explorer' as const) : ('failed' as const),
      periods: imported.periods,
    };
  }

  /** The role of the same name in each linked account seen in the costs (a StackSet deploys it). */
  async function linkedAccountSessions(row: IntegrationRow, main: AwsSession, warnings: string[]) {
    const sessions = [main];
    if (row.kind !== 'aws-role' || !row.role_arn) return sessions;
    const accountIds = (await deps.costData.usageAccounts(row.id)).map((account) => account.id);
    for (const accountId of accountIds) {
      if (accountId === main.accountId || !/^\d{12}$/.test(accountId)) continue;
      const roleArn = row.role_arn.replace(/::\d{12}:/, `::${accountId}:`);
      try {
        sessions.push(
          await openAwsSession(deps.access, { kind: 'aws-role', roleArn, externalId: row.external_id }),
        );
      } catch (error) {
        warnings.push(storableText(`Account ${accountId}: no EC2 inventory (${(error as Error).message})`));
      }
    }
    return sessions;
  }

  /**
   * One account's Savings Plans and reservations from the AWS APIs, stored for the APIs that answered.
   * A failure is a note on the card, never a failed sync: the bill still shows the commitments.
   */
  async function syncCommitments(
    row: IntegrationRow,
    session: AwsSession,
    regions: string[],
  ): Promise<CommitmentRead[]> {
    if (!deps.storeCommitmentInventory) return [];
    try {
      const { commitments, outcomes } = await collectCommitmentInventory(
        deps.access,
        session.credentials,
        regions.length > 0 ? regions : [deps.access.region],
      );
      const answered = outcomes.filter((outcome) => outcome.state === 'ok').map((outcome) => outcome.api);
      const owner = {
        organizationId: row.organization_id,
        integrationId: row.id,
        accountId: session.accountId,
        observedAt: now(),
      };
      await deps.storeCommitmentInventory(owner, answered, commitments);
      return outcomes.map((outcome) => ({ accountId: session.accountId, ...outcome }));
    } catch (error) {
      deps.context.log.warn({ integrationId: row.id, err: error }, 'commitment inventory not stored');
      return [];
    }
  }

  async function syncInventory(row: IntegrationRow, main: AwsSession, warnings: string[]) {
    let instances = 0;
    const commitmentReads: CommitmentRead[] = [];
    const optimizerReads: RecommendationImportRead[] = [];
    const hubReads: RecommendationImportRead[] = [];
    for (const session of await linkedAccountSessions(row, main, warnings)) {
      const collected = await collectEc2Inventory(deps.access, session.credentials, now());
      const owner = {
        organizationId: row.organization_id,
        integrationId: row.id,
        accountId: session.accountId,
        observedAt: now(),
      };
      const stored = await deps.storeEc2Inventory(owner, collected);
      instances += stored.instances;
      const usedRegions = new Set([
        ...(await deps.costData.usageRegions(row.id, session.accountId)),
        ...collected.map((instance) => instance.region),
      ]);
      if (deps.storeWasteInventory) {
        const regions = await regionsToRead(deps.access, session.credentials, [...usedRegions]);
        const outcomes = await collectWasteInventory(deps.access, session.credentials, regions, now());
        await deps.storeWasteInventory(owner, [...outcomes, instancesOutcome(collected, usedRegions.size)]);
        if (deps.storeImportedRecommendations) {
          const store = deps.storeImportedRecommendations;
          const record = async (outcome: RecommendationImportOutcome, reads: RecommendationImportRead[]) => {
            await store(owner, outcome);
            const { state, permission, message } = outcome;
            reads.push({ accountId: session.accountId, state, permission, message });
          };
          await record(
            await importComputeOptimizer(deps.access, session.credentials, regions),
            optimizerReads,
          );
          await record(
            await importCostOptimizationHub(deps.access, session.credentials, session.accountId, regions),
            hubReads,
          );
        }
      }
      commitmentReads.push(...(await syncCommitments(row, session, [...usedRegions])));
    }
    if (deps.storeCommitmentInventory)
      await mergeIntegrationSettings(db, row.id, {
        commitmentReads: { checkedAt: now().toISOString(), reads: commitmentReads },
      });
    if (deps.storeImportedRecommendations)
      await mergeIntegrationSettings(db, row.id, {
        computeOptimizerReads: { checkedAt: now().toISOString(), reads: optimizerReads },
        costOptimizationHubReads: { checkedAt: now().toISOString(), reads: hubReads },
      });
    await deps.refreshFindings(row.organization_id);
    return instances;
  }

  async function recordAccounts(row: IntegrationRow) {
    const accounts = await deps.costData.usageAccounts(row.id);
    await updateIntegrationSettings(db, row.id, { accounts });
  }

  /**
   * Throttling is thrown so the job retries with backoff; every other failure is recorded on the
   * integration (its state and last error say why) and the previous data stays.
   */
  async function sync(integrationId: string, options: { force?: boolean } = {}): Promise<SyncOutcome> {
    const row = await findIntegrationRowById(db, integrationId);
    if (!row || row.kind === 'upload') return NOTHING_TO_SYNC;
    await recordIntegrationState(db, row.id, { state: 'syncing' });
    const scratch = makeScratchFolder('spendguard-sync-');
    const folder = scratch.path;
    const warnings: string[] = [];
    try {
      const session = await openAwsSession(deps.access, identityOf(row));
      const location = row.export_location as ExportLocation | null;
      const costs = location
        ? await syncExport(row, session, location, folder, 'recent')
        : await syncCostExplorer(row, session, folder, options.force ?? false);
      if (costs.costs === 'failed') {
        // The ingest recorded which file, column and row; the inventory still refreshes.
        await syncInventory(row, session, warnings).catch(() => 0);
        return {
          state: 'error',
          costs: 'failed',
          periodsIngested: [],
          instances: 0,
          message: 'the ingest failed',
        };
      }
      await recordAccounts(row);
      const instances = await syncInventory(row, session, warnings);
      if (location) {
        const older = await syncExport(row, session, location, folder, 'older');
        if (older.costs === 'failed')
          return {
            state: 'error',
            costs: 'failed',
            periodsIngested: costs.periods,
            instances,
            message: 'the ingest failed',
          };
        costs.periods = [...older.periods, ...costs.periods];
        await recordAccounts(row);
      }
      await mergeIntegrationSettings(db, row.id, { syncWarnings: warnings });
      // A backfill under way ends the sync with its last month (settleBackfill).
      const backfilling = backfillPendingOf(settingsOf((await findIntegrationRowById(db, row.id))?.settings));
      if (backfilling.length > 0)
        return {
          state: 'backfilling',
          costs: costs.costs,
          periodsIngested: costs.periods,
          instances,
          message: `synced ${costs.periods.length} billing periods and ${instances} instances; ${backfilling.length} older months with the workers`,
        };
      await recordIntegrationState(db, row.id, { state: 'ready', synced: true });
      return {
        state: 'ready',
        costs: costs.costs,
        periodsIngested: costs.periods,
        instances,
        message: `synced ${costs.periods.length} billing periods and ${instances} instances`,
      };
    } catch (error) {
      const failure =
        error instanceof AwsAccessError ? error : new AwsAccessError('Failed', (error as Error).message);
      await recordIntegrationState(db, row.id, {
        state: 'error',
        lastError: { file: null, column: null, row: null, message: failure.message },
      });
      if (isThrottling(failure)) throw failure;
      return { state: 'error', costs: 'failed', periodsIngested: [], instances: 0, message: failure.message };
    } finally {
      scratch.remove();
    }
  }

  return { sync, syncBillingPeriod };
}

export type AwsSyncService = ReturnType<typeof createAwsSyncService>;

/** How routes ask for a sync: a queued job on a server, an inline run in tests. */
export interface SyncRequests {
  /** Queues a sync (one per integration at a time); false when one is already waiting. */
  request(integrationId: string, options: { force: boolean }): Promise<boolean>;
}
