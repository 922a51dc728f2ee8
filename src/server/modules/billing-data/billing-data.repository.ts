import { type Kysely, type RawBuilder, sql } from 'kysely';
import { addDays, addMonths, monthStart } from '../../../domain/calendar-days.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

/** The series label of spend that does not carry the chosen tag key. */
export const UNTAGGED = 'untagged';

export type Bucket = 'day' | 'month' | 'none';

/** What one chart reads: a range of one integration, seen through the viewer's scope and filters. */
export interface CostSlice {
  organizationId: string;
  integrationId: string;
  start: string;
  end: string;
  amortized: boolean;
  scope: CostScope;
  /** null: split by service; otherwise split by this tag key's values. */
  tagKey: string | null;
  tagValues: 'All' | string[];
}

/** Exact sums as decimal text: per bucket and key, per bucket, per key, and overall. */
export interface CostSummaryRows {
  cells: Array<{ bucket: string; key: string; cost: string }>;
  bucketTotals: Array<{ bucket: string; cost: string }>;
  keyTotals: Array<{ key: string; cost: string }>;
  total: string;
}

interface MonthSplit {
  /** Whole months inside the range, as first days; null when none. */
  months: { first: string; last: string } | null;
  /** Day ranges outside the whole months. */
  days: Array<{ start: string; end: string }>;
}

/** Splits a range so whole months read monthly rollups and only the ragged edges read daily ones. */
export function splitIntoMonths(start: string, end: string): MonthSplit {
  const firstWhole = start === monthStart(start) ? start : addMonths(monthStart(start), 1);
  const afterEnd = addDays(end, 1);
  const endOfWhole = afterEnd === monthStart(afterEnd) ? afterEnd : monthStart(end);
  if (firstWhole >= endOfWhole) return { months: null, days: [{ start, end }] };
  const days: Array<{ start: string; end: string }> = [];
  if (start < firstWhole) days.push({ start, end: addDays(firstWhole, -1) });
  if (endOfWhole <= end) days.push({ start: endOfWhole, end });
  const lastMonth = monthStart(addDays(endOfWhole, -1));
  return { months: { first: firstWhole, last: lastMonth }, days };
}

const inList = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`));

function accountFilter(scope: CostScope): RawBuilder<unknown> {
  if (!scope.restricted) return sql`true`;
  if (scope.accountIds.length === 0) return sql`false`;
  return sql`usage_account_id in (${inList(scope.accountIds)})`;
}

/** Rollups carry no tags beside their own key: a scope made of tag pairs is read from the facts. */
const needsFacts = (scope: CostScope) => scope.restricted && scope.tags.length > 0;

function bucketOf(bucket: Bucket, column: 'usage_date' | 'month', slice: CostSlice): RawBuilder<unknown> {
  if (bucket === 'none') return sql`${slice.start}::date`;
  if (bucket === 'month' && column === 'usage_date') return sql`date_trunc('month', usage_date)::date`;
  return sql.ref(column);
}

const costColumn = (slice: CostSlice) => sql.ref(slice.amortized ? 'amortized_cost' : 'unblended_cost');

type RollupKind = 'plain' | 'tag';

/**
 * Rows (bucket, key, cost) from the rollups over the slice's range: monthly rollups for whole months
 * when the buckets allow it, daily rollups otherwise. `key` and `extra` shape what is read.
 */
function rollupRows(
  slice: CostSlice,
  bucket: Bucket,
  kind: RollupKind,
  key: RawBuilder<unknown>,
  extra: RawBuilder<unknown>,
  sign: 1 | -1 = 1,
): RawBuilder<unknown>[] {
  const owner = sql`organization_id = ${slice.organizationId} and integration_id = ${slice.integrationId}`;
  const cost = sign === 1 ? costColumn(slice) : sql`-${costColumn(slice)}`;
  const daily = sql.table(kind === 'plain' ? 'cost_daily_rollups' : 'cost_daily_tag_rollups');
  const monthly = sql.table(kind === 'plain' ? 'cost_monthly_rollups' : 'cost_monthly_tag_rollups');
  const dailyPart = (start: string, end: string) =>
    sql`select ${bucketOf(bucket, 'usage_date', slice)} as bucket, ${key} as key, ${cost} as cost from ${daily}
      where ${owner} and usage_date between ${start}::date and ${end}::date
      and ${accountFilter(slice.scope)} and ${extra}`;
  if (bucket === 'day') return [dailyPart(slice.start, slice.end)];
  const split = splitIntoMonths(slice.start, slice.end);
  const parts = split.days.map((range) => dailyPart(range.start, range.end));
  if (split.months)
    parts.push(
      sql`select ${bucketOf(bucket, 'month', slice)} as bucket, ${key} as key, ${cost} as cost from ${monthly}
        where ${owner} and month between ${split.months.first}::date and ${split.months.last}::date
        and ${accountFilter(slice.scope)} and ${extra}`,
    );
  return parts;
}

const selectsUntagged = (slice: CostSlice) => slice.tagValues === 'All' || slice.tagValues.includes(UNTAGGED);
const namedValues = (slice: CostSlice) =>
  slice.tagValues === 'All' ? 'All' : slice.tagValues.filter((value) => value !== UNTAGGED);

/**
 * Spend by tag value from the rollups. Each fact carries a key at most once, so the untagged share is
 * exact: everything, minus every tagged row of the key.
 */
function tagSplitFromRollups(slice: CostSlice, tagKey: string, bucket: Bucket): RawBuilder<unknown>[] {
  const values = namedValues(slice);
  const ofKey = sql`tag_key = ${tagKey}`;
  const parts: RawBuilder<unknown>[] = [];
  if (values === 'All' || values.length > 0) {
    const valueFilter = values === 'All' ? ofKey : sql`${ofKey} and tag_value in (${inList(values)})`;
    parts.push(...rollupRows(slice, bucket, 'tag', sql.ref('tag_value'), valueFilter));
  }
  if (selectsUntagged(slice)) {
    parts.push(...rollupRows(slice, bucket, 'plain', sql`${UNTAGGED}::text`, sql`true`));
    parts.push(...rollupRows(slice, bucket, 'tag', sql`${UNTAGGED}::text`, ofKey, -1));
  }
  return parts;
}

/** The facts a restricted scope covers: its accounts, or lines carrying one of its tag pairs. */
function factsInScope(scope: CostScope): RawBuilder<unknown> {
  if (!scope.restricted) return sql`true`;
  const parts = [
    ...(scope.accountIds.length > 0 ? [sql`usage_account_id in (${inList(scope.accountIds)})`] : []),
    ...scope.tags.map((tag) => sql`tags ->> ${tag.key} = ${tag.value}`),
  ];
  return parts.length === 0 ? sql`false` : sql.join(parts, sql` or `);
}

/** A scope with tag pairs: the facts themselves, where each line's account and tags are known. */
function rowsFromFacts(slice: CostSlice, bucket: Bucket): RawBuilder<unknown>[] {
  const inScope = factsInScope(slice.scope);
  const tagValue = slice.tagKey ? sql`coalesce(tags ->> ${slice.tagKey}, ${UNTAGGED})` : null;
  const key = tagValue ?? sql.ref('service_name');
  const filter =
    tagValue && slice.tagValues !== 'All' ? sql`${tagValue} in (${inList(slice.tagValues)})` : sql`true`;
  return [
    sql`select ${bucketOf(bucket, 'usage_date', slice)} as bucket, ${key} as key, ${costColumn(slice)} as cost
      from cost_daily_facts
      where organization_id = ${slice.organizationId} and integration_id = ${slice.integrationId}
      and usage_date between ${slice.start}::date and ${slice.end}::date and (${inScope}) and ${filter}`,
  ];
}

function sliceRows(slice: CostSlice, bucket: Bucket): RawBuilder<unknown>[] {
  if (needsFacts(slice.scope)) return rowsFromFacts(slice, bucket);
  if (slice.tagKey) return tagSplitFromRollups(slice, slice.tagKey, bucket);
  return rollupRows(slice, bucket, 'plain', sql.ref('service_name'), sql`true`);
}

/**
 * One chart's query: the slice's spend per bucket and key, with every subtotal computed by the
 * database in exact numeric arithmetic (grouping sets), so the totals equal the facts to the cent.
 */
export async function summarizeCosts(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
  bucket: Bucket,
): Promise<CostSummaryRows> {
  const rows = sliceRows(slice, bucket);
  const source = sql.join(rows, sql` union all `);
  const result = await sql<{ bucket: string | null; key: string | null; cost: string | null; level: number }>`
    select bucket::text as bucket, key, sum(cost)::text as cost, grouping(bucket, key) as level
    from (${source}) as slice_rows
    group by grouping sets ((bucket, key), (bucket), (key), ())`.execute(db);
  const summary: CostSummaryRows = { cells: [], bucketTotals: [], keyTotals: [], total: '0' };
  for (const row of result.rows) {
    const cost = row.cost ?? '0';
    const level = Number(row.level);
    if (level === 0) summary.cells.push({ bucket: row.bucket ?? '', key: row.key ?? '', cost });
    else if (level === 1) summary.bucketTotals.push({ bucket: row.bucket ?? '', cost });
    else if (level === 2) summary.keyTotals.push({ key: row.key ?? '', cost });
    else summary.total = cost;
  }
  return summary;
}

/** Tag keys seen on the integration's spend since `from`, for the picker. */
export async function listTagKeys(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string },
  from: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('cost_monthly_tag_rollups')
    .select('tag_key')
    .distinct()
    .where('organization_id', '=', owner.organizationId)
    .where('integration_id', '=', owner.integrationId)
    .where('month', '>=', monthStart(from))
    .orderBy('tag_key')
    .execute();
  return rows.map((row) => row.tag_key);
}

/** Values of one tag key since `from`, for the picker; within an account scope, only its accounts'. */
export async function listTagValues(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string },
  tagKey: string,
  from: string,
  scope: CostScope,
): Promise<string[]> {
  // A tag-scoped viewer sees only the values on lines in their scope, read from the facts.
  const result = needsFacts(scope)
    ? await sql<{ tag_value: string }>`
      select distinct tags ->> ${tagKey} as tag_value from cost_daily_facts
      where organization_id = ${owner.organizationId} and integration_id = ${owner.integrationId}
      and usage_date >= ${from}::date and tags ? ${tagKey} and (${factsInScope(scope)})
      order by 1`.execute(db)
    : await sql<{ tag_value: string }>`
      select distinct tag_value from cost_monthly_tag_rollups
      where organization_id = ${owner.organizationId} and integration_id = ${owner.integrationId}
      and tag_key = ${tagKey} and month >= ${monthStart(from)}::date and ${accountFilter(scope)}
      order by tag_value`.execute(db);
  return result.rows.map((row) => row.tag_value);
}

/** The slice's spend per day only (the forecast's history), without the per-key cells. */
export async function dailyTotals(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
): Promise<Array<{ day: string; cost: string }>> {
  const source = sql.join(sliceRows(slice, 'day'), sql` union all `);
  const result = await sql<{ day: string; cost: string }>`
    select bucket::text as day, sum(cost)::text as cost from (${source}) as slice_rows
    group by bucket order by bucket`.execute(db);
  return result.rows;
}
