import type { ExportLocation, IngestionRunView, IntegrationView } from '../../../contracts/integrations.ts';
import { ACTION_ROLE_ABILITIES, PROTECT_TAG } from '../../../domain/resource-actions.ts';
import type { IngestionRun } from '../cost-data/cost-data.service.ts';
import { backfillProgressOf, type IntegrationSettings, settingsOf } from './integration-settings.ts';
import type { IntegrationRow } from './integrations.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

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

/**
 * The last sync's imports of Compute Optimizer (decision 131) or Cost Optimization Hub (decision 133):
 * the card says where it is off or refused.
 */
function recommendationImportView(
  last: IntegrationSettings['computeOptimizerReads'],
): IntegrationView['compute_optimizer'] {
  if (!last) return null;
  return {
    checked_at: last.checkedAt,
    accounts: last.reads.map((read) => ({
      account_id: read.accountId,
      state: read.state,
      permission: read.permission,
      message: read.message,
    })),
  };
}

/** The last sync's reads of the commitments APIs (decision 122): the card names a permission missing. */
function commitmentReadsView(settings: IntegrationSettings): IntegrationView['commitment_reads'] {
  const last = settings.commitmentReads;
  if (!last) return null;
  return {
    checked_at: last.checkedAt,
    reads: last.reads.map((read) => ({
      account_id: read.accountId,
      api: read.api,
      permission: read.permission,
      state: read.state,
      message: read.message,
    })),
  };
}

/** What an integration's view shows beside its row; a quick read (`resolve`) has none of it. */
export interface IntegrationViewFacts {
  latest?: IngestionRun;
  lastGood?: IngestionRun;
  outsideHistory?: IntegrationView['months_outside_history'];
  /** Why the integration reaches nothing although it is kept (the server's own credentials are off). */
  unreachableBecause?: string;
  /** Set once a run stored more facts than the embedded database handles well. */
  databaseAdvice?: string | null;
}

/** The one way an integration row becomes what the API shows. */
export function integrationView(row: IntegrationRow, facts: IntegrationViewFacts): IntegrationView {
  const { latest, lastGood, outsideHistory, unreachableBecause, databaseAdvice } = facts;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as IntegrationView['kind'],
    source: row.source as IntegrationView['source'],
    role_arn: row.role_arn,
    actions: {
      enabled: row.action_role_arn !== null,
      role_arn: row.action_role_arn,
      may: row.action_role_arn ? [...ACTION_ROLE_ABILITIES] : [],
      never_on_tag: `${PROTECT_TAG.key}=${PROTECT_TAG.value}`,
    },
    external_id: row.external_id,
    is_default: row.is_default,
    state: unreachableBecause ? 'error' : (row.state as IntegrationView['state']),
    last_error: unreachableBecause
      ? { file: null, column: null, row: null, message: unreachableBecause }
      : ((row.last_error as IntegrationView['last_error']) ?? null),
    last_synced_at: iso(row.last_synced_at),
    fresh_through: row.fresh_through,
    accounts: row.accounts as IntegrationView['accounts'],
    export_location: (row.export_location as ExportLocation | null) ?? null,
    is_demo: settingsOf(row.settings).demo === true,
    cost_explorer_calls: settingsOf(row.settings).costExplorer?.paidCalls ?? 0,
    backfill: backfillProgressOf(settingsOf(row.settings)),
    commitment_reads: commitmentReadsView(settingsOf(row.settings)),
    compute_optimizer: recommendationImportView(settingsOf(row.settings).computeOptimizerReads),
    cost_optimization_hub: recommendationImportView(settingsOf(row.settings).costOptimizationHubReads),
    latest_run: latest ? toRunView(latest) : null,
    last_good_run: lastGood ? toRunView(lastGood) : null,
    months_outside_history: outsideHistory ?? null,
    database_advice: databaseAdvice ?? null,
    created_at: row.created_at.toISOString(),
  };
}
