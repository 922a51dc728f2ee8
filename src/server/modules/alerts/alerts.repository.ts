import { type Kysely, sql, type Transaction } from 'kysely';
import type { CostFilter } from '../../../contracts/alerts.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
export type CostBasis = 'unblended' | 'amortized';

// ---------- spend ----------

/** The last day with cost in the organization's data. */
export async function latestUsageDate(db: Db, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('cost_daily_rollups')
    .select((eb) => eb.fn.max('usage_date').as('day'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return (row?.day as string | null | undefined) ?? null;
}

/** The first day with cost in the organization's data. */
export async function firstUsageDate(db: Db, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('cost_daily_rollups')
    .select((eb) => eb.fn.min('usage_date').as('day'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return (row?.day as string | null | undefined) ?? null;
}

/** Spend per day (and per series when asked) in [from, to], filtered, summed in SQL. */
export async function dailySpend(
  db: Db,
  organizationId: string,
  filter: CostFilter,
  basis: CostBasis,
  from: string,
  to: string,
  seriesBy?: 'service' | 'account',
): Promise<Array<{ day: string; series: string; cost: number }>> {
  const column = sql.ref(basis === 'amortized' ? 'amortized_cost' : 'unblended_cost');
  const series = seriesBy ? sql.ref(seriesBy === 'account' ? 'usage_account_id' : 'service_name') : sql`''`;
  const conditions = [
    sql`organization_id = ${organizationId}`,
    sql`usage_date >= ${from}`,
    sql`usage_date <= ${to}`,
  ];
  if (filter.tag) conditions.push(sql`tag_key = ${filter.tag.key}`, sql`tag_value = ${filter.tag.value}`);
  if (filter.account_ids.length > 0) {
    conditions.push(sql`usage_account_id in (${sql.join(filter.account_ids)})`);
  }
  if (filter.services.length > 0) conditions.push(sql`service_name in (${sql.join(filter.services)})`);
  const table = sql.table(filter.tag ? 'cost_daily_tag_rollups' : 'cost_daily_rollups');
  const result = await sql<{ day: string; series: string; cost: string }>`
    select usage_date::text as day, ${series} as series, sum(${column})::text as cost
    from ${table}
    where ${sql.join(conditions, sql` and `)}
    group by 1, 2`.execute(db);
  return result.rows.map((row) => ({ day: row.day, series: row.series, cost: Number(row.cost) }));
}

/**
 * Daily cost of one anomalous series split by service, account, region and usage type (from the
 * facts, which keep the usage type), in [from, to]: what the root-cause ranking compares.
 */
export async function dimensionSpend(
  db: Db,
  organizationId: string,
  series: { column: 'service_name' | 'usage_account_id'; value: string },
  filter: CostFilter,
  from: string,
  to: string,
): Promise<
  Array<{ day: string; service: string; account: string; region: string; usageType: string; cost: number }>
> {
  const conditions = [
    sql`organization_id = ${organizationId}`,
    sql`usage_date >= ${from}`,
    sql`usage_date <= ${to}`,
    sql`${sql.ref(series.column)} = ${series.value}`,
  ];
  if (filter.account_ids.length > 0)
    conditions.push(sql`usage_account_id in (${sql.join(filter.account_ids)})`);
  if (filter.services.length > 0) conditions.push(sql`service_name in (${sql.join(filter.services)})`);
  if (filter.tag) conditions.push(sql`tags ->> ${filter.tag.key} = ${filter.tag.value}`);
  const result = await sql<{
    day: string;
    service: string;
    account: string;
    region: string;
    usage_type: string;
    cost: string;
  }>`
    select usage_date::text as day, service_name as service, usage_account_id as account, region,
           usage_type, sum(unblended_cost)::text as cost
    from cost_daily_facts
    where ${sql.join(conditions, sql` and `)}
    group by 1, 2, 3, 4, 5`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    service: row.service,
    account: row.account,
    region: row.region,
    usageType: row.usage_type,
    cost: Number(row.cost),
  }));
}
