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
  'cost_commitment_tag_days',
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
 * Decision 142: `cost_commitment_tag_days`, the usage side of `cost_commitment_days` per tag set: per
 * day, usage account, kind, commitment ('' : eligible usage no commitment paid for) and the usage lines'
 * whole tag set, for lines that carry tags. What a team scoped by tag pairs reads of the commitments that
 * paid for its usage, and of its coverage. Found by range and by tag pair as the tag-set totals are; the
 * month swap replaces it by (integration, billing period), and an integration's removal deletes it.
 * Months held before it are not filled: the bill's lines are not kept, so a month gains its rows at its
 * next upload or sync.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_commitment_tag_days')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('usage_account_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('commitment_id', 'text', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('total_commitment', 'numeric', (col) => col.notNull())
    .addColumn('used_commitment', 'numeric', (col) => col.notNull())
    .addColumn('covered_on_demand_cost', 'numeric')
    .addColumn('covered_hours', 'numeric', (col) => col.notNull())
    .addColumn('uncovered_on_demand_cost', 'numeric', (col) => col.notNull())
    .addColumn('uncovered_hours', 'numeric', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cost_commitment_tag_days_range')
    .on('cost_commitment_tag_days')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
  await db.schema
    .createIndex('cost_commitment_tag_days_period')
    .on('cost_commitment_tag_days')
    .columns(['integration_id', 'billing_period'])
    .execute();
  // Written straight into the index at each swap, not into a pending list every read would scan (decision 128).
  await sql`create index cost_commitment_tag_days_tags on cost_commitment_tag_days
    using gin (tags jsonb_path_ops) with (fastupdate = off)`.execute(db);
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(forgetCostDataSql(COST_TABLES.filter((table) => table !== 'cost_commitment_tag_days')))
    .execute(db);
  await db.schema.dropTable('cost_commitment_tag_days').execute();
}
