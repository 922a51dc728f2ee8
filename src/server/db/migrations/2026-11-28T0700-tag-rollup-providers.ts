import { type Kysely, sql } from 'kysely';

/**
 * Decision 060: the tag rollups carry the provider like the other rollups, so a tag split or
 * a tag budget can be narrowed to a cloud. Months that hold AWS alone are right as they are (every CUR
 * file is AWS's); the months of a FOCUS file with other providers are rebuilt from their facts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['cost_daily_tag_rollups', 'cost_monthly_tag_rollups']) {
    await db.schema
      .alterTable(table)
      .addColumn('provider', 'text', (col) => col.notNull().defaultTo('AWS'))
      .execute();
    await sql`alter table ${sql.table(table)} alter column provider drop default`.execute(db);
  }
  const mixed = sql`(integration_id, billing_period) in (
    select distinct integration_id, billing_period from cost_daily_facts where provider <> 'AWS')`;
  for (const [table, column, bucket] of [
    ['cost_daily_tag_rollups', 'usage_date', sql`f.usage_date`],
    ['cost_monthly_tag_rollups', 'month', sql`date_trunc('month', f.usage_date)::date`],
  ] as const) {
    await sql`delete from ${sql.table(table)} where ${mixed}`.execute(db);
    await sql`insert into ${sql.table(table)} (organization_id, integration_id, billing_period,
        ${sql.ref(column)}, provider, tag_key, tag_value,
        usage_account_id, service_name, unblended_cost, amortized_cost, net_cost)
      select f.organization_id, f.integration_id, f.billing_period, ${bucket}, f.provider, t.key, t.value,
        f.usage_account_id, f.service_name, sum(f.unblended_cost), sum(f.amortized_cost), sum(f.net_cost)
      from cost_daily_facts f cross join lateral jsonb_each_text(f.tags) t
      where ${mixed}
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cost_daily_tag_rollups', 'cost_monthly_tag_rollups']) {
    await db.schema.alterTable(table).dropColumn('provider').execute();
  }
}
