import { type Kysely, sql } from 'kysely';

const money = (name: string) => [name, sql`numeric`] as const;

/**
 * Decision 053: a large tenant's dashboard. Daily totals per usage account (what the forecast's
 * 430 days of history and every account-only daily read need, 20 rows a day instead of thousands), filled
 * from the daily rollups already stored; and a GIN index on the facts' tags, so a team scoped to tag
 * pairs reads the lines carrying them instead of every line of its range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_daily_totals')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('billing_period', 'date', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('usage_account_id', 'text', (col) => col.notNull())
    .addColumn(...money('unblended_cost'), (col) => col.notNull())
    .addColumn(...money('amortized_cost'), (col) => col.notNull())
    .addColumn(...money('net_cost'), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('cost_daily_totals_range')
    .on('cost_daily_totals')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
  await sql`insert into cost_daily_totals (organization_id, integration_id, billing_period, usage_date, provider,
      usage_account_id, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, usage_date, provider, usage_account_id,
      sum(unblended_cost), sum(amortized_cost), sum(net_cost)
    from cost_daily_rollups group by 1, 2, 3, 4, 5, 6`.execute(db);
  await sql`create index cost_daily_facts_tags on cost_daily_facts using gin (tags jsonb_path_ops)`.execute(
    db,
  );
  // With the tag index in a bitmap AND: only the lines of the range are fetched, not those of every month.
  await db.schema
    .createIndex('cost_daily_facts_range')
    .on('cost_daily_facts')
    .columns(['organization_id', 'integration_id', 'usage_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cost_daily_facts_range').ifExists().execute();
  await db.schema.dropIndex('cost_daily_facts_tags').ifExists().execute();
  await db.schema.dropTable('cost_daily_totals').ifExists().execute();
}
