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
 * Decision 079: the daily facts keep a resource only on EC2 instance hours; every resource's cost is kept
 * per billing period and usage type in `cost_monthly_resource_costs`, staged by its run in
 * `cost_resource_cost_staging` as the facts are. An integration's removal deletes these rows too. Months
 * ingested before keep their facts at resource grain, which answer every read the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const resourceCostColumns = (table: ReturnType<typeof db.schema.createTable>) =>
    table
      .addColumn('billing_period', 'date', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('usage_account_id', 'text', (col) => col.notNull())
      .addColumn('service_code', 'text', (col) => col.notNull())
      .addColumn('service_name', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('usage_type', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('unblended_cost', 'numeric', (col) => col.notNull())
      .addColumn('amortized_cost', 'numeric', (col) => col.notNull())
      .addColumn('net_cost', 'numeric', (col) => col.notNull())
      .addColumn('usage_quantity', 'numeric', (col) => col.notNull())
      .addColumn('line_items', 'bigint', (col) => col.notNull());
  await resourceCostColumns(
    db.schema
      .createTable('cost_monthly_resource_costs')
      .addColumn('organization_id', 'uuid', (col) => col.notNull())
      .addColumn('integration_id', 'uuid', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('cost_monthly_resource_costs_period')
    .on('cost_monthly_resource_costs')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await resourceCostColumns(
    db.schema.createTable('cost_resource_cost_staging').addColumn('run_id', 'uuid', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('cost_resource_cost_staging_run_period')
    .on('cost_resource_cost_staging')
    .columns(['run_id', 'billing_period'])
    .execute();
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(forgetCostDataSql(COST_TABLES.filter((table) => table !== 'cost_monthly_resource_costs')))
    .execute(db);
  await db.schema.dropTable('cost_resource_cost_staging').execute();
  await db.schema.dropTable('cost_monthly_resource_costs').execute();
}
