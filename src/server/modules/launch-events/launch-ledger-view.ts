import type {
  LaunchLedgerQuery,
  LaunchLedgerRowView,
  LaunchLedgerSummaryView,
  LaunchLedgerView,
} from '../../../contracts/launch-events.ts';
import { type CostScope, isCostInScope } from '../../../domain/cost-scope.ts';
import { liveRunRate, type PricedLedgerRow, projectMonthEnd } from '../../../domain/live-run-rate.ts';
import { sumUsd } from '../../../domain/money.ts';
import type { IntegrationLedger, LaunchLedgerSnapshot } from './launch-ledger-snapshot.ts';

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** Whether billing data covers the row's start: its billed hours took over. */
const isBilled = (row: PricedLedgerRow, ledger: IntegrationLedger) =>
  ledger.billingDataEndsAtMs !== undefined && row.startedAtMs < ledger.billingDataEndsAtMs;

function rowView(
  row: PricedLedgerRow,
  ledger: IntegrationLedger,
  atMs: number,
  sourceOf: (region: string) => 'catalog' | 'pricing-api' | undefined,
): LaunchLedgerRowView {
  const price = row.unitPrice;
  const running = row.startedAtMs <= atMs && (row.endedAtMs === undefined || row.endedAtMs > atMs);
  return {
    id: row.rowId,
    integration_id: ledger.integrationId,
    integration_name: ledger.integrationName,
    resource_kind: row.resource.kind,
    resource_id: row.resource.id,
    type: row.resource.type ?? null,
    previous_type: row.previousType ?? null,
    origin: row.origin,
    count: row.count,
    region: row.region,
    account_id: row.accountId,
    launched_by: row.launchedBy ?? null,
    started_at: new Date(row.startedAtMs).toISOString(),
    launch_key: row.launchKey,
    ended_at: iso(row.endedAtMs),
    running,
    usd_per_hour: row.usdPerHour,
    added_usd_per_hour: row.addedUsdPerHour,
    added_usd_per_day: row.addedUsdPerHour === null ? null : sumUsd([row.addedUsdPerHour * 24]),
    price_source:
      price.status === 'unknown'
        ? null
        : price.source === 'catalog'
          ? (sourceOf(row.region) ?? 'catalog')
          : 'price-table',
    unknown_reason: row.addedUsdPerHour === null ? (row.unknownReason ?? 'price unknown') : null,
    billed: isBilled(row, ledger),
  };
}

/** Filters of the ledger page other than running/ended (the summary counts whatever they leave). */
function matches(row: PricedLedgerRow, ledger: IntegrationLedger, query: LaunchLedgerQuery) {
  return (
    (!query.integration_id || ledger.integrationId === query.integration_id) &&
    (!query.account_id || row.accountId === query.account_id) &&
    (!query.region || row.region === query.region) &&
    (!query.kind || row.resource.kind === query.kind)
  );
}

/**
 * The ledger page and the dashboard card: rows in the viewer's scope (by usage account), newest first;
 * the summary counts only rows the bill data does not cover yet.
 */
export function launchLedgerView(
  snapshot: LaunchLedgerSnapshot,
  options: {
    query: LaunchLedgerQuery;
    scope: CostScope;
    sourceOf: (region: string) => 'catalog' | 'pricing-api' | undefined;
    lastEventAtMs?: number;
  },
): LaunchLedgerView {
  const { query, scope, sourceOf } = options;
  const { atMs } = snapshot;
  const rates: number[] = [];
  const accrued: number[] = [];
  const projected: number[] = [];
  let runningCount = 0;
  let unpricedCount = 0;
  let monthEnd = '';
  let billingEnds: number | undefined;
  const rows: LaunchLedgerRowView[] = [];
  for (const ledger of snapshot.integrations) {
    const visible = ledger.rows.filter(
      (row) =>
        isCostInScope(scope, { usageAccountId: row.accountId, tags: {} }) && matches(row, ledger, query),
    );
    const window = { atMs, billingDataEndsAtMs: ledger.billingDataEndsAtMs };
    const rate = liveRunRate(visible, window);
    const month = projectMonthEnd(visible, window);
    rates.push(rate.usdPerHour);
    accrued.push(month.accruedUsd);
    projected.push(month.projectedUsd);
    runningCount += rate.running.length;
    unpricedCount += rate.unpriced.length;
    monthEnd = month.monthEnd;
    if (ledger.billingDataEndsAtMs !== undefined)
      billingEnds = Math.min(billingEnds ?? Number.POSITIVE_INFINITY, ledger.billingDataEndsAtMs);
    for (const row of visible) {
      const view = rowView(row, ledger, atMs, sourceOf);
      if (query.status === 'running' && !view.running) continue;
      if (query.status === 'ended' && view.running) continue;
      rows.push(view);
    }
  }
  const usdPerHour = sumUsd(rates);
  const now = new Date(atMs);
  const summary: LaunchLedgerSummaryView = {
    running_count: runningCount,
    usd_per_hour: usdPerHour,
    usd_per_day: sumUsd([usdPerHour * 24]),
    accrued_usd: sumUsd(accrued),
    projected_month_end_usd: sumUsd(projected),
    month_end: monthEnd || new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    unpriced_count: unpricedCount,
    billing_data_ends_at: iso(billingEnds),
    last_event_at: iso(options.lastEventAtMs),
  };
  rows.sort((a, b) => b.started_at.localeCompare(a.started_at) || a.id.localeCompare(b.id));
  return { summary, rows };
}
