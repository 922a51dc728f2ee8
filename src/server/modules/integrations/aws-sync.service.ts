import type { ExportLocation } from '../../../contracts/integrations.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { AwsAccess } from '../../aws-access.ts';
import type { AppContext } from '../../context.ts';
import { makeScratchFolder } from '../../scratch-folders.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import { awsClients } from './aws/aws-clients.ts';
import { AwsAccessError, isThrottling } from './aws/aws-failure.ts';
import { type AwsIdentity, type AwsSession, openAwsSession } from './aws/aws-session.ts';
import { discoverExportPeriods, downloadObject } from './aws/billing-export-discovery.ts';
import { importFromCostExplorer } from './aws/cost-explorer-import.ts';
import { type CollectedInstance, collectEc2Inventory } from './aws/ec2-inventory-collector.ts';
import { type IntegrationSettings, settingsOf } from './integration-settings.ts';
import {
  findIntegrationRowById,
  type IntegrationRow,
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
  runIngestion: (job: IngestJob) => Promise<{ state: string }>;
  /** Recommendations owns the EC2 inventory: a sync hands it what it collected, then asks for new findings. */
  storeEc2Inventory: (
    owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
    instances: CollectedInstance[],
  ) => Promise<{ instances: number }>;
  refreshFindings: (organizationId: string) => Promise<unknown>;
}

export interface SyncOutcome {
  state: 'ready' | 'error' | 'skipped';
  costs: 'export' | 'cost-explorer' | 'unchanged' | 'cached' | 'failed';
  periodsIngested: string[];
  instances: number;
  message: string;
}

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
    const files = [];
    for (const period of changed)
      for (const key of period.keys)
        files.push({
          path: await downloadObject(s3, location.bucket, key, folder),
          label: `s3://${location.bucket}/${key}`,
        });
    const run = await ingestFiles(row, files);
    if (run.state !== 'succeeded') return { costs: 'failed' as const, periods: [] };
    const fingerprints = { ...known, ...Object.fromEntries(changed.map((p) => [p.period, p.fingerprint])) };
    const latest = settingsOf((await findIntegrationRowById(db, row.id))?.settings);
    await updateIntegrationSettings(db, row.id, {
      settings: { ...latest, exportFingerprints: fingerprints },
      source: 'cur-export',
    });
    return { costs: 'export' as const, periods: changed.map((period) => period.period) };
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

  async function syncInventory(row: IntegrationRow, main: AwsSession, warnings: string[]) {
    let instances = 0;
    for (const session of await linkedAccountSessions(row, main, warnings)) {
      const collected = await collectEc2Inventory(deps.access, session.credentials, now());
      const stored = await deps.storeEc2Inventory(
        {
          organizationId: row.organization_id,
          integrationId: row.id,
          accountId: session.accountId,
          observedAt: now(),
        },
        collected,
      );
      instances += stored.instances;
    }
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
    if (!row || row.kind === 'upload')
      return {
        state: 'skipped',
        costs: 'unchanged',
        periodsIngested: [],
        instances: 0,
        message: 'nothing to sync',
      };
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
      const latest = settingsOf((await findIntegrationRowById(db, row.id))?.settings);
      await updateIntegrationSettings(db, row.id, {
        settings: { ...latest, syncWarnings: warnings } satisfies IntegrationSettings,
      });
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

  return { sync };
}

export type AwsSyncService = ReturnType<typeof createAwsSyncService>;

/** How routes ask for a sync: a queued job on a server, an inline run in tests. */
export interface SyncRequests {
  /** Queues a sync (one per integration at a time); false when one is already waiting. */
  request(integrationId: string, options: { force: boolean }): Promise<boolean>;
}
