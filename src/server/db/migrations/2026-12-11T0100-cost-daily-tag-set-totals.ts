import { type Kysely, sql } from 'kysely';

/** The tables that hold an integration's costs, as they stand with this migration. */
const COST_TABLES = [
  'cost_daily_facts',
  'cost_daily_rollups',
  'cost_monthly_rollups',
  'cost_daily_totals',
  'cost_daily_tag_rollups',
  'cost_monthly_tag_rollups',
  'cost_monthly_resource_costs',
  'cost_daily_tag_set_rollups',
  'cost_monthly_tag_set_rollups',
  'cost_commitments',
  'cost_commitment_days',
  'cost_commitment_day_totals',
  'cost_commitment_months',
  'cost_daily_tag_set_totals',
] as const;

function forgetCostDataSql(tables: readonly string[]): string {
  const deletes = tables
    .map((table) => `delete from ${table} where integration_id = old.integration_id;`)
    .join('\n  ');
  return `create or replace function forget_cost_data_of_integration() returns trigger language plpgsql as $$
begin
  perform 1 from ingestion_runs where integration_id = old.integration_id and state = 'running' for update;
  ${deletes}
  return null;
end $$`;
}

/**
 * Decision 128: spend per day, provider and the line's whole tag set, without account and service: what
 * a scope of tag pairs alone reads for its daily history (the forecast's 430 days). Found by range and
 * by tag pair as the tag-set rollups are; the month swap replaces it by (integration, billing period),
 * and an integration's removal deletes it with the other cost tables. Filled from the daily tag-set
 * rollups held, a tag set's days of a month written next to each other, so a read of a few tag sets
 * over many months touches a page or two per tag set and month instead of one per day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_daily_tag_set_totals')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('unblended_cost', 'numeric', (col) => col.notNull())
    .addColumn('amortized_cost', 'numeric', (col) => col.notNull())
    .addColumn('net_cost', 'numeric', (col) => col.notNull())
    .execute();
  await sql`insert into cost_daily_tag_set_totals (organization_id, integration_id, billing_period, usage_date,
      provider, tags, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, usage_date, provider, tags,
      sum(unblended_cost), sum(amortized_cost), sum(net_cost)
    from cost_daily_tag_set_rollups group by 1, 2, 3, 4, 5, 6
    order by integration_id, billing_period, tags, usage_date`.execute(db);
  await db.schema
    .createIndex('cost_daily_tag_set_totals_range')
    .on('cost_daily_tag_set_totals')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
  await db.schema
    .createIndex('cost_daily_tag_set_totals_period')
    .on('cost_daily_tag_set_totals')
    .columns(['integration_id', 'billing_period'])
    .execute();
  // Written straight into the index at each swap, not into a pending list every read would scan.
  await sql`create index cost_daily_tag_set_totals_tags on cost_daily_tag_set_totals
    using gin (tags jsonb_path_ops) with (fastupdate = off)`.execute(db);
  // The planner's statistics now, not at autovacuum's next pass: without them it reads every row of a
  // range and tests its tags instead of asking the tag index.
  await sql`analyze cost_daily_tag_set_totals`.execute(db);
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(forgetCostDataSql(COST_TABLES.filter((table) => table !== 'cost_daily_tag_set_totals')))
    .execute(db);
  await db.schema.dropTable('cost_daily_tag_set_totals').execute();
}
