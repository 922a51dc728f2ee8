import type { LaunchLedgerRowView } from '../../contracts/launch-events.ts';

/** Rows that read as one launch: the same type, place, caller and kind of change ("8 × p4d.24xlarge"). */
export interface LaunchGroup {
  key: string;
  resourceKind: LaunchLedgerRowView['resource_kind'];
  origin: LaunchLedgerRowView['origin'];
  type: string | null;
  previousType: string | null;
  region: string;
  accountId: string;
  launchedBy: string | null;
  count: number;
  /** The first start among the rows. */
  startedAt: string;
  /** Null when any row of the group has no price: a partial sum would understate it. */
  addedUsdPerHour: number | null;
}

const keyOf = (row: LaunchLedgerRowView) =>
  [
    row.resource_kind,
    row.origin,
    row.type ?? '?',
    row.previous_type ?? '',
    row.region,
    row.account_id,
    row.launched_by ?? '',
  ].join('|');

/** What the dashboard card shows: a row still running that the bill has not taken over. */
export const runsUnbilled = (row: LaunchLedgerRowView) => row.running && !row.billed;

/**
 * The dashboard card's few lines: running rows the bill has not taken over, grouped so a burst of
 * eight instances reads as one line, largest run-rate first and unpriced groups after the priced.
 */
export function groupRunningLaunches(rows: readonly LaunchLedgerRowView[]): LaunchGroup[] {
  const groups = new Map<string, LaunchGroup>();
  for (const row of rows) {
    if (!runsUnbilled(row)) continue;
    const key = keyOf(row);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        resourceKind: row.resource_kind,
        origin: row.origin,
        type: row.type,
        previousType: row.previous_type,
        region: row.region,
        accountId: row.account_id,
        launchedBy: row.launched_by,
        count: row.count,
        startedAt: row.started_at,
        addedUsdPerHour: row.added_usd_per_hour,
      });
      continue;
    }
    group.count += row.count;
    if (row.started_at < group.startedAt) group.startedAt = row.started_at;
    group.addedUsdPerHour =
      group.addedUsdPerHour === null || row.added_usd_per_hour === null
        ? null
        : group.addedUsdPerHour + row.added_usd_per_hour;
  }
  return [...groups.values()].sort(
    (a, b) => (b.addedUsdPerHour ?? -1) - (a.addedUsdPerHour ?? -1) || b.startedAt.localeCompare(a.startedAt),
  );
}
