import { type Kysely, sql } from 'kysely';
import type { ResourceTagsRead } from '../../../domain/metered-owner.ts';
import type { MeteredCharge } from '../../../domain/usage-prices.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface MeterSeries {
  organizationId: string;
  integrationId: string;
  region: string;
  charge: MeteredCharge;
}

export interface MeterCursorRow {
  region: string;
  charge: string;
  settledThroughMs: number;
  lastReadAtMs: number | null;
  lastError: string | null;
  metricsRequested: number;
  /** Datapoints left out of the spend so far (dated in the future or far in the past). */
  leftOut: number;
  /** Metrics the last read asked for. */
  metricsLastRead: number;
  /** The resources the last read listed; undefined before a read that kept them. */
  listedResources?: string[];
  /** The listed resources' tags as the last read found them, or why not; undefined before a read that kept them. */
  resourceTags?: ResourceTagsRead;
}

const toCursor = (row: {
  region: string;
  charge: string;
  settled_through: Date;
  last_read_at: Date | null;
  last_error: string | null;
  metrics_requested: string | number | bigint;
  left_out: string | number | bigint;
  metrics_last_read: number;
  listed_resources: string | null;
  resource_tags: string | null;
}): MeterCursorRow => ({
  region: row.region,
  charge: row.charge,
  settledThroughMs: row.settled_through.getTime(),
  lastReadAtMs: row.last_read_at?.getTime() ?? null,
  lastError: row.last_error,
  metricsRequested: Number(row.metrics_requested),
  leftOut: Number(row.left_out),
  metricsLastRead: Number(row.metrics_last_read),
  ...(row.listed_resources === null ? {} : { listedResources: JSON.parse(row.listed_resources) as string[] }),
  ...(row.resource_tags === null ? {} : { resourceTags: JSON.parse(row.resource_tags) as ResourceTagsRead }),
});

const seriesColumns = (series: MeterSeries) => ({
  integration_id: series.integrationId,
  organization_id: series.organizationId,
  region: series.region,
  charge: series.charge,
});

/** Every cursor of an integration (one per region and charge it was read in). */
export async function listCursors(db: Db, integrationId: string): Promise<MeterCursorRow[]> {
  const rows = await db
    .selectFrom('usage_meter_cursors')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .orderBy('region')
    .orderBy('charge')
    .execute();
  return rows.map(toCursor);
}

/** The cursors of an organization's integrations, by integration id. */
export async function cursorsOfOrganization(db: Db, organizationId: string) {
  const rows = await db
    .selectFrom('usage_meter_cursors')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .execute();
  const byIntegration = new Map<string, MeterCursorRow[]>();
  for (const row of rows)
    byIntegration.set(row.integration_id, [...(byIntegration.get(row.integration_id) ?? []), toCursor(row)]);
  return byIntegration;
}

/**
 * Stores one read in one transaction: each period's quantity replaces what a previous read of the
 * same period stored (never added to it), then the cursor moves forward (never back: two workers
 * reading at once leave the later one). With `replaces`, a resource that has periods in this read
 * first loses what was stored for it from the window's start on: rows of another period length (the
 * operator changed METER_PERIOD_SECONDS, docs/decisions/104) are replaced, never added to.
 */
export async function storeRead(
  db: Db,
  series: MeterSeries,
  read: {
    resources: Array<{ resourceId: string; periods: Array<{ periodStartMs: number; quantity: number }> }>;
    /**
     * Where the window read starts: what was stored from there on for a resource read again is
     * replaced (rows past the window's end can only be a shorter period length's, read again later).
     */
    replaces?: { fromMs: number };
    settledThroughMs: number;
    metricsRequested: number;
    readAt: Date;
    /** Datapoints this read left out (dated outside its window). */
    leftOut?: number;
    /** The resources this read listed (every one asked for, with data or not). */
    listedResources?: readonly string[];
    /** The listed resources' tags, or why they could not be read (docs/decisions/125). */
    resourceTags?: ResourceTagsRead;
  },
): Promise<void> {
  const listed = read.listedResources ? JSON.stringify([...read.listedResources].sort()) : null;
  const tags = read.resourceTags ? JSON.stringify(read.resourceTags) : null;
  const rows = read.resources.flatMap((resource) =>
    resource.periods.map((period) => ({
      ...seriesColumns(series),
      resource_id: resource.resourceId,
      period_start: new Date(period.periodStartMs),
      quantity: period.quantity,
      read_at: read.readAt,
    })),
  );
  const reread = read.resources.filter((resource) => resource.periods.length > 0).map((r) => r.resourceId);
  await db.transaction().execute(async (trx) => {
    if (read.replaces && reread.length > 0)
      await trx
        .deleteFrom('usage_meter_periods')
        .where('integration_id', '=', series.integrationId)
        .where('region', '=', series.region)
        .where('charge', '=', series.charge)
        .where('resource_id', 'in', reread)
        .where('period_start', '>=', new Date(read.replaces.fromMs))
        .execute();
    for (let offset = 0; offset < rows.length; offset += 1000)
      await trx
        .insertInto('usage_meter_periods')
        .values(rows.slice(offset, offset + 1000))
        .onConflict((conflict) =>
          conflict
            .columns(['integration_id', 'region', 'charge', 'resource_id', 'period_start'])
            .doUpdateSet((eb) => ({
              quantity: eb.ref('excluded.quantity'),
              read_at: eb.ref('excluded.read_at'),
            })),
        )
        .execute();
    await trx
      .insertInto('usage_meter_cursors')
      .values({
        ...seriesColumns(series),
        settled_through: new Date(read.settledThroughMs),
        last_read_at: read.readAt,
        last_error: null,
        metrics_requested: read.metricsRequested,
        left_out: read.leftOut ?? 0,
        metrics_last_read: read.metricsRequested,
        listed_resources: listed,
        resource_tags: tags,
      })
      .onConflict((conflict) =>
        conflict.columns(['integration_id', 'region', 'charge']).doUpdateSet({
          settled_through: sql`greatest(usage_meter_cursors.settled_through, excluded.settled_through)`,
          last_read_at: read.readAt,
          last_error: null,
          metrics_requested: sql`usage_meter_cursors.metrics_requested + excluded.metrics_requested`,
          left_out: sql`usage_meter_cursors.left_out + excluded.left_out`,
          metrics_last_read: read.metricsRequested,
          listed_resources: listed,
          // A read that could not read tags for a passing reason keeps the last ones found.
          ...(read.resourceTags ? { resource_tags: tags } : {}),
        }),
      )
      .execute();
  });
}

/**
 * A read that failed: its reason is kept where the card reads it. The cursor does not move; a series
 * never read before gets one at the window's start, so the next read begins there (no gap).
 */
export async function recordReadFailure(
  db: Db,
  series: MeterSeries,
  failure: { message: string; windowStartMs: number },
): Promise<void> {
  await db
    .insertInto('usage_meter_cursors')
    .values({
      ...seriesColumns(series),
      settled_through: new Date(failure.windowStartMs),
      last_read_at: null,
      last_error: failure.message,
      metrics_requested: 0,
    })
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'region', 'charge']).doUpdateSet({ last_error: failure.message }),
    )
    .execute();
}

/** The stored periods of an organization's resources since a time, oldest first. */
export async function listPeriods(
  db: Db,
  organizationId: string,
  options: { since: Date; integrationIds?: readonly string[] },
) {
  let query = db
    .selectFrom('usage_meter_periods')
    .select(['integration_id', 'region', 'charge', 'resource_id', 'period_start', 'quantity'])
    .where('organization_id', '=', organizationId)
    .where('period_start', '>=', options.since);
  if (options.integrationIds) {
    if (options.integrationIds.length === 0) return [];
    query = query.where('integration_id', 'in', [...options.integrationIds]);
  }
  const rows = await query.orderBy('period_start').execute();
  return rows.map((row) => ({
    integrationId: row.integration_id,
    region: row.region,
    charge: row.charge as MeteredCharge,
    resourceId: row.resource_id,
    periodStartMs: row.period_start.getTime(),
    quantity: Number(row.quantity),
  }));
}
