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
 * Decision 092: spend per day (and per month) by provider, usage account, service and the line's whole tag set, what a
 * team scoped to tag pairs reads instead of the facts. Found by range (organization, integration, day)
 * and by tag pair (GIN on the tag set); the month swap replaces it by (integration, billing period), and
 * an integration's removal deletes it with the other cost tables. Filled from the facts held.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_daily_tag_set_rollups')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('usage_account_id', 'text', (col) => col.notNull())
    .addColumn('service_name', 'text', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('unblended_cost', 'numeric', (col) => col.notNull())
    .addColumn('amortized_cost', 'numeric', (col) => col.notNull())
    .addColumn('net_cost', 'numeric', (col) => col.notNull())
    .execute();
  await sql`insert into cost_daily_tag_set_rollups (organization_id, integration_id, billing_period, usage_date,
      provider, usage_account_id, service_name, tags, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, usage_date, provider, usage_account_id, service_name,
      tags, sum(unblended_cost), sum(amortized_cost), sum(net_cost)
    from cost_daily_facts group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  await db.schema
    .createIndex('cost_daily_tag_set_rollups_range')
    .on('cost_daily_tag_set_rollups')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
  await db.schema
    .createIndex('cost_daily_tag_set_rollups_period')
    .on('cost_daily_tag_set_rollups')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await sql`create index cost_daily_tag_set_rollups_tags on cost_daily_tag_set_rollups
    using gin (tags jsonb_path_ops)`.execute(db);
  await createMonthlyTagSetRollups(db);
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

/** The same per month, for whole months of longer ranges; filled from the daily rows. */
export async function createMonthlyTagSetRollups(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_monthly_tag_set_rollups')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('month', 'date', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('usage_account_id', 'text', (col) => col.notNull())
    .addColumn('service_name', 'text', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('unblended_cost', 'numeric', (col) => col.notNull())
    .addColumn('amortized_cost', 'numeric', (col) => col.notNull())
    .addColumn('net_cost', 'numeric', (col) => col.notNull())
    .execute();
  await sql`insert into cost_monthly_tag_set_rollups (organization_id, integration_id, billing_period, month,
      provider, usage_account_id, service_name, tags, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date, provider,
      usage_account_id, service_name, tags, sum(unblended_cost), sum(amortized_cost), sum(net_cost)
    from cost_daily_tag_set_rollups group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  await db.schema
    .createIndex('cost_monthly_tag_set_rollups_range')
    .on('cost_monthly_tag_set_rollups')
    .columns(['organization_id', 'integration_id', 'month'])
    .execute();
  await db.schema
    .createIndex('cost_monthly_tag_set_rollups_period')
    .on('cost_monthly_tag_set_rollups')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await sql`create index cost_monthly_tag_set_rollups_tags on cost_monthly_tag_set_rollups
    using gin (tags jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(forgetCostDataSql(COST_TABLES.filter((table) => !table.includes('tag_set')))).execute(db);
  await db.schema.dropTable('cost_monthly_tag_set_rollups').execute();
  await db.schema.dropTable('cost_daily_tag_set_rollups').execute();
}
