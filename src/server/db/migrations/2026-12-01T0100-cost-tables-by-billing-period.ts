import { type Kysely, sql } from 'kysely';

const ROLLUPS = [
  'cost_daily_rollups',
  'cost_monthly_rollups',
  'cost_daily_totals',
  'cost_daily_tag_rollups',
  'cost_monthly_tag_rollups',
] as const;

/**
 * Decision 068: every table a month's swap deletes from is found by integration and billing period, as
 * the facts already were. The rollups were indexed by organization first, for reads, so each swap (and an
 * integration's removal) read every rollup row of every tenant to find one month's. The facts' index on
 * (organization, resource, day) served no query the range index does not, and cost each swap a fifth of
 * its fact insert.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ROLLUPS) {
    await db.schema
      .createIndex(`${table}_period`)
      .on(table)
      .columns(['integration_id', 'billing_period'])
      .execute();
  }
  await db.schema.dropIndex('cost_daily_facts_resource').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('cost_daily_facts_resource')
    .on('cost_daily_facts')
    .columns(['organization_id', 'resource_id', 'usage_date'])
    .where(sql.ref('resource_id'), 'is not', null)
    .execute();
  for (const table of ROLLUPS) await db.schema.dropIndex(`${table}_period`).ifExists().execute();
}
