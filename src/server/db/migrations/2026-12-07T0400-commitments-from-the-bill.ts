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
 * Decision 098: the Savings Plans and reservations a bill names (`cost_commitments`, one row a
 * commitment and billing period) and their amounts per day, account and commitment, with the eligible
 * usage no commitment paid for (`cost_commitment_days`). Derived from the same file as the facts and
 * swapped in the same month transaction, staged by run in `cost_commitment_staging`. An integration's
 * removal deletes them too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_commitments')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('commitment_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('offering', 'text', (col) => col.notNull())
    .addColumn('owner_account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('instance_family', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('payment_option', 'text', (col) => col.notNull())
    .addColumn('hourly_commitment', 'numeric')
    .addColumn('reserved_count', 'numeric')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('period_unused_commitment', 'numeric', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cost_commitments_period')
    .on('cost_commitments')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await db.schema
    .createIndex('cost_commitments_organization')
    .on('cost_commitments')
    .columns(['organization_id', 'commitment_id'])
    .execute();
  await db.schema
    .createTable('cost_commitment_days')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('usage_account_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('commitment_id', 'text', (col) => col.notNull())
    .addColumn('total_commitment', 'numeric', (col) => col.notNull())
    .addColumn('used_commitment', 'numeric', (col) => col.notNull())
    .addColumn('covered_on_demand_cost', 'numeric')
    .addColumn('covered_hours', 'numeric', (col) => col.notNull())
    .addColumn('uncovered_on_demand_cost', 'numeric', (col) => col.notNull())
    .addColumn('uncovered_hours', 'numeric', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cost_commitment_days_period')
    .on('cost_commitment_days')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await db.schema
    .createIndex('cost_commitment_days_organization')
    .on('cost_commitment_days')
    .columns(['organization_id', 'usage_date'])
    .execute();
  await db.schema
    .createTable('cost_commitment_staging')
    .addColumn('run_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('row_kind', 'text', (col) => col.notNull())
    .addColumn('row', 'jsonb', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cost_commitment_staging_run_period')
    .on('cost_commitment_staging')
    .columns(['run_id', 'billing_period'])
    .execute();
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      forgetCostDataSql(
        COST_TABLES.filter((table) => table !== 'cost_commitments' && table !== 'cost_commitment_days'),
      ),
    )
    .execute(db);
  await db.schema.dropTable('cost_commitment_staging').execute();
  await db.schema.dropTable('cost_commitment_days').execute();
  await db.schema.dropTable('cost_commitments').execute();
}
