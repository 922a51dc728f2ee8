import type { Kysely } from 'kysely';
import {
  DEFAULT_IDLE_SERVICE_SETTINGS,
  type IdleServiceSettings,
} from '../../../domain/idle-service-findings.ts';
import { DEFAULT_WASTE_SETTINGS, type WasteSettings } from '../../../domain/waste-findings.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

/** Every threshold of the waste findings (decisions 101 and 108). */
export type WasteThresholds = WasteSettings & IdleServiceSettings;

export const DEFAULT_WASTE_THRESHOLDS: WasteThresholds = {
  ...DEFAULT_WASTE_SETTINGS,
  ...DEFAULT_IDLE_SERVICE_SETTINGS,
};

/** The organization's thresholds, the defaults where it chose none. */
export async function readWasteThresholds(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<WasteThresholds> {
  const row = await db
    .selectFrom('waste_settings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return DEFAULT_WASTE_THRESHOLDS;
  return {
    unattachedDays: row.unattached_days,
    snapshotAgeDays: row.snapshot_age_days,
    snapshotsKeptPerVolume: row.snapshots_kept_per_volume,
    natGatewayMinGb: Number(row.nat_gateway_min_gb),
    loadBalancerMinRequests: row.load_balancer_min_requests,
    databaseIdleDays: row.database_idle_days,
  };
}

export async function saveWasteThresholds(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  thresholds: WasteThresholds,
  updatedBy: string,
) {
  const values = {
    unattached_days: thresholds.unattachedDays,
    snapshot_age_days: thresholds.snapshotAgeDays,
    snapshots_kept_per_volume: thresholds.snapshotsKeptPerVolume,
    nat_gateway_min_gb: thresholds.natGatewayMinGb,
    load_balancer_min_requests: thresholds.loadBalancerMinRequests,
    database_idle_days: thresholds.databaseIdleDays,
    updated_by: updatedBy,
    updated_at: databaseNow(),
  };
  await db
    .insertInto('waste_settings')
    .values({ organization_id: organizationId, ...values })
    .onConflict((conflict) => conflict.column('organization_id').doUpdateSet(values))
    .execute();
}
