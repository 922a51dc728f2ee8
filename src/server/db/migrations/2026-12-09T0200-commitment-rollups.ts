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
] as const;

const ROLLUPS = ['cost_commitment_day_totals', 'cost_commitment_months'];

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

/** The amounts of `cost_commitment_days`, in its order; covered on-demand cost is null when unknown. */
const AMOUNT_COLUMNS: Array<[string, 'not null' | 'null']> = [
  ['total_commitment', 'not null'],
  ['used_commitment', 'not null'],
  ['covered_on_demand_cost', 'null'],
  ['covered_hours', 'not null'],
  ['uncovered_on_demand_cost', 'not null'],
  ['uncovered_hours', 'not null'],
];

function createRollup(db: Kysely<any>, table: string, dateColumn: string, perAccount: boolean) {
  let builder = db.schema
    .createTable(table)
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn(dateColumn, 'date', (col) => col.notNull());
  if (perAccount) builder = builder.addColumn('usage_account_id', 'text', (col) => col.notNull());
  builder = builder
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('commitment_id', 'text', (col) => col.notNull());
  for (const [column, nullable] of AMOUNT_COLUMNS)
    builder = builder.addColumn(column, 'numeric', (col) => (nullable === 'null' ? col : col.notNull()));
  return builder.execute();
}

/**
 * Decision 117: the Commitments page sums `cost_commitment_days` (about 1,040 rows a day at 200
 * commitments over 20 accounts) once per read. Two rollups of it, rebuilt by the month swap in the same
 * transaction and filled here for the months already held: `cost_commitment_day_totals`, a day's amounts
 * per commitment and kind across accounts (what a read with no account scope sums), and
 * `cost_commitment_months`, a calendar month's per account, kind and commitment (what a window's whole
 * months sum). An integration's removal deletes them too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createRollup(db, 'cost_commitment_day_totals', 'usage_date', false);
  await createRollup(db, 'cost_commitment_months', 'usage_month', true);
  await db.schema
    .createIndex('cost_commitment_day_totals_period')
    .on('cost_commitment_day_totals')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await db.schema
    .createIndex('cost_commitment_day_totals_organization')
    .on('cost_commitment_day_totals')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
  await db.schema
    .createIndex('cost_commitment_months_period')
    .on('cost_commitment_months')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await db.schema
    .createIndex('cost_commitment_months_organization')
    .on('cost_commitment_months')
    .columns(['organization_id', 'integration_id', 'usage_month'])
    .execute();
  await sql`insert into cost_commitment_day_totals (organization_id, integration_id, billing_period, usage_date,
      kind, commitment_id, total_commitment, used_commitment, covered_on_demand_cost, covered_hours,
      uncovered_on_demand_cost, uncovered_hours)
    select organization_id, integration_id, billing_period, usage_date, kind, commitment_id,
      sum(total_commitment), sum(used_commitment),
      case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost) end,
      sum(covered_hours), sum(uncovered_on_demand_cost), sum(uncovered_hours)
    from cost_commitment_days
    group by organization_id, integration_id, billing_period, usage_date, kind, commitment_id`.execute(db);
  await sql`insert into cost_commitment_months (organization_id, integration_id, billing_period, usage_month,
      usage_account_id, kind, commitment_id, total_commitment, used_commitment, covered_on_demand_cost,
      covered_hours, uncovered_on_demand_cost, uncovered_hours)
    select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date,
      usage_account_id, kind, commitment_id, sum(total_commitment), sum(used_commitment),
      case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost) end,
      sum(covered_hours), sum(uncovered_on_demand_cost), sum(uncovered_hours)
    from cost_commitment_days
    group by organization_id, integration_id, billing_period, date_trunc('month', usage_date),
      usage_account_id, kind, commitment_id`.execute(db);
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(forgetCostDataSql(COST_TABLES.filter((table) => !ROLLUPS.includes(table)))).execute(db);
  for (const table of ROLLUPS) await db.schema.dropTable(table).execute();
}
