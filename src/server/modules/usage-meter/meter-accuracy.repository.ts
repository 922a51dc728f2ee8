import { type Kysely, sql } from 'kysely';
import type { MeteredCharge } from '../../../domain/usage-prices.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface MeteredDay {
  region: string;
  charge: MeteredCharge;
  resourceId: string;
  day: string;
  quantity: number;
}

/** What the meter counted per region, charge, resource and day (UTC) over days [start, end]. */
export async function meteredDays(
  db: Db,
  integrationId: string,
  days: { start: string; end: string },
): Promise<MeteredDay[]> {
  const day = sql<string>`to_char(period_start at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('usage_meter_periods')
    .select(['region', 'charge', 'resource_id', day.as('day'), sql<number>`sum(quantity)`.as('quantity')])
    .where('integration_id', '=', integrationId)
    .where('period_start', '>=', new Date(`${days.start}T00:00:00Z`))
    .where('period_start', '<', new Date(Date.parse(`${days.end}T00:00:00Z`) + 86_400_000))
    .groupBy(['region', 'charge', 'resource_id', day])
    .execute();
  return rows.map((row) => ({
    region: row.region,
    charge: row.charge as MeteredCharge,
    resourceId: row.resource_id,
    day: row.day,
    quantity: Number(row.quantity),
  }));
}

export interface AccuracyRow {
  region: string;
  charge: MeteredCharge;
  day: string;
  meteredUsd: number;
  billedUsd: number;
}

/** Stores a comparison; a day compared again (a restated bill, a later read) replaces its row. */
export async function saveAccuracy(
  db: Db,
  owner: { organizationId: string; integrationId: string },
  rows: readonly AccuracyRow[],
  comparedAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('usage_meter_accuracy')
    .values(
      rows.map((row) => ({
        integration_id: owner.integrationId,
        organization_id: owner.organizationId,
        region: row.region,
        charge: row.charge,
        usage_date: row.day,
        metered_usd: row.meteredUsd,
        billed_usd: row.billedUsd,
        compared_at: comparedAt,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'region', 'charge', 'usage_date']).doUpdateSet((eb) => ({
        metered_usd: eb.ref('excluded.metered_usd'),
        billed_usd: eb.ref('excluded.billed_usd'),
        compared_at: eb.ref('excluded.compared_at'),
      })),
    )
    .execute();
}

/** An organization's comparisons from a day on, by integration. */
export async function accuracyOfOrganization(db: Db, organizationId: string, sinceDay: string) {
  const rows = await db
    .selectFrom('usage_meter_accuracy')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('usage_date', '>=', sinceDay)
    .orderBy('usage_date', 'desc')
    .execute();
  const byIntegration = new Map<string, AccuracyRow[]>();
  for (const row of rows)
    byIntegration.set(row.integration_id, [
      ...(byIntegration.get(row.integration_id) ?? []),
      {
        region: row.region,
        charge: row.charge as MeteredCharge,
        day: String(row.usage_date),
        meteredUsd: Number(row.metered_usd),
        billedUsd: Number(row.billed_usd),
      },
    ]);
  return byIntegration;
}
