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
  'cost_commitment_tag_gaps',
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
 * Decision 143: `cost_commitment_tag_gaps`, the months whose commitment days have no tag-set days to
 * show though their usage carries tags: read before the tag-set days were kept ('read-before'), or past
 * the reader's bound ('too-many', with the count). A scope of tag pairs is told which of its months count
 * less and why. The month swap replaces it; an integration's removal deletes it. The months held now
 * with commitment days, tagged spend and no tag-set days are taken as read before: a month whose tagged
 * spend is all outside commitments' usage is named too, and reading it again clears it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_commitment_tag_gaps')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('tag_days', 'bigint')
    .addPrimaryKeyConstraint('cost_commitment_tag_gaps_pkey', ['integration_id', 'billing_period'])
    .execute();
  await sql`insert into cost_commitment_tag_gaps (organization_id, integration_id, billing_period, reason)
    with months as (
      select distinct organization_id, integration_id, billing_period from cost_commitment_months)
    select days.organization_id, days.integration_id, days.billing_period, 'read-before'
    from months as days
    where not exists (select 1 from cost_commitment_tag_days as tagged
        where tagged.integration_id = days.integration_id and tagged.billing_period = days.billing_period)
      and exists (select 1 from cost_daily_tag_set_totals as spend
        where spend.integration_id = days.integration_id and spend.billing_period = days.billing_period
          and spend.tags <> '{}'::jsonb)`.execute(db);
  await sql.raw(forgetCostDataSql(COST_TABLES)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(forgetCostDataSql(COST_TABLES.filter((table) => table !== 'cost_commitment_tag_gaps')))
    .execute(db);
  await db.schema.dropTable('cost_commitment_tag_gaps').execute();
}
