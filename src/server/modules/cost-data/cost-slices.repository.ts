import { type Kysely, type RawBuilder, sql } from 'kysely';
import { addDays, addMonths, monthStart } from '../../../domain/calendar-days.ts';
import type { CostScope, TagPair } from '../../../domain/cost-scope.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

// Every read of spend from the cost tables (facts and rollups) lives here: the dashboard, team
// spend, alerts, digests and recommendations all ask for a cost slice (decision 034).

/** The series label of spend that does not carry the chosen tag key. */
export const UNTAGGED = 'untagged';

export type CostBasis = 'unblended' | 'amortized';
export type Bucket = 'day' | 'month' | 'none';

/** What a budget or an alert rule narrows spend to; empty lists and no tag mean everything. */
export interface SpendFilter {
  accountIds: readonly string[];
  services: readonly string[];
  tag: TagPair | null;
  /** Provider names as stored ('AWS', 'Microsoft'; decision 060); empty: every provider. */
  providers: readonly string[];
}

export const NO_FILTER: SpendFilter = { accountIds: [], services: [], tag: null, providers: [] };

/**
 * Which spend: one organization's, on one, several or all of its integrations, seen through a team
 * scope and a filter, over days [start, end], in one cost basis.
 */
export interface CostSlice {
  organizationId: string;
  /** The dashboard reads one integration; what the organization watches (alerts) reads them all. */
  integrations: 'all' | readonly string[];
  /** The viewer's or team's scope; UNRESTRICTED for the organization's own budgets and rules. */
  scope: CostScope;
  filter: SpendFilter;
  start: string;
  end: string;
  basis: CostBasis;
}

/** A split by tag: each value of the key (and `untagged`), or only the chosen ones. */
export interface TagSplit {
  tagKey: string;
  values: 'All' | readonly string[];
}

/** How a slice is cut: time buckets, each split by service, account, provider, a tag key's values, or not at all. */
export interface CostGrouping {
  bucket: Bucket;
  key: 'none' | 'service' | 'account' | 'provider' | TagSplit;
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

function ownedBy(slice: Pick<CostSlice, 'organizationId' | 'integrations'>): RawBuilder<unknown> {
  const organization = sql`organization_id = ${slice.organizationId}`;
  if (slice.integrations === 'all') return organization;
  if (slice.integrations.length === 0) return sql`false`;
  return sql`${organization} and integration_id in (${inList(slice.integrations)})`;
}

function accountFilter(scope: CostScope): RawBuilder<unknown> {
  if (!scope.restricted) return sql`true`;
  if (scope.accountIds.length === 0) return sql`false`;
  return sql`usage_account_id in (${inList(scope.accountIds)})`;
}

/** The filter's accounts, services and providers (columns every cost table has). */
function accountsAndServices(filter: SpendFilter): RawBuilder<unknown> {
  const conditions = [
    ...(filter.accountIds.length > 0 ? [sql`usage_account_id in (${inList(filter.accountIds)})`] : []),
    ...(filter.services.length > 0 ? [sql`service_name in (${inList(filter.services)})`] : []),
    ...(filter.providers.length > 0 ? [sql`provider in (${inList(filter.providers)})`] : []),
  ];
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * The other rollups carry no tags beside their own key: a scope made of tag pairs, or a tag pair read
 * beside a split by another key, is read from the tag-set rollups, where each line's account and whole
 * tag set are kept (decision 092).
 */
const scopeNeedsTagSets = (scope: CostScope) => scope.restricted && scope.tags.length > 0;
const needsTagSets = (slice: CostSlice, grouping: CostGrouping) =>
  scopeNeedsTagSets(slice.scope) || (slice.filter.tag !== null && typeof grouping.key === 'object');

function bucketOf(bucket: Bucket, column: 'usage_date' | 'month', slice: CostSlice): RawBuilder<unknown> {
  if (bucket === 'none') return sql`${slice.start}::date`;
  if (bucket === 'month' && column === 'usage_date') return sql`date_trunc('month', usage_date)::date`;
  return sql.ref(column);
}

const COST_COLUMNS = { unblended: 'unblended_cost', amortized: 'amortized_cost' } as const;
const costColumn = (slice: CostSlice) => sql.ref(COST_COLUMNS[slice.basis]);

const KEY_COLUMNS = {
  none: sql`''`,
  service: sql.ref('service_name'),
  account: sql.ref('usage_account_id'),
  provider: sql.ref('provider'),
};

/** plain: by service, region and charge type; totals: by account only (decision 053); tag: by tag value. */
type RollupKind = 'plain' | 'totals' | 'tag';
const DAILY_ROLLUPS = {
  plain: 'cost_daily_rollups',
  totals: 'cost_daily_totals',
  tag: 'cost_daily_tag_rollups',
};
const MONTHLY_ROLLUPS = {
  plain: 'cost_monthly_rollups',
  totals: 'cost_monthly_rollups',
  tag: 'cost_monthly_tag_rollups',
};

/** A read keyed by nothing or by account, with no service filter, needs only the daily totals. */
const untaggedKind = (slice: CostSlice, key: CostGrouping['key']): 'plain' | 'totals' =>
  key !== 'service' && slice.filter.services.length === 0 ? 'totals' : 'plain';

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
  const where = sql`${ownedBy(slice)} and ${accountFilter(slice.scope)} and ${accountsAndServices(slice.filter)} and ${extra}`;
  const cost = sign === 1 ? costColumn(slice) : sql`-${costColumn(slice)}`;
  const daily = sql.table(DAILY_ROLLUPS[kind]);
  const monthly = sql.table(MONTHLY_ROLLUPS[kind]);
  const dailyPart = (start: string, end: string) =>
    sql`select ${bucketOf(bucket, 'usage_date', slice)} as bucket, ${key} as key, ${cost} as cost from ${daily}
      where usage_date between ${start}::date and ${end}::date and ${where}`;
  if (bucket === 'day') return [dailyPart(slice.start, slice.end)];
  const split = splitIntoMonths(slice.start, slice.end);
  const parts = split.days.map((range) => dailyPart(range.start, range.end));
  if (split.months)
    parts.push(
      sql`select ${bucketOf(bucket, 'month', slice)} as bucket, ${key} as key, ${cost} as cost from ${monthly}
        where month between ${split.months.first}::date and ${split.months.last}::date and ${where}`,
    );
  return parts;
}

const selectsUntagged = (split: TagSplit) => split.values === 'All' || split.values.includes(UNTAGGED);
const namedValues = (split: TagSplit) =>
  split.values === 'All' ? 'All' : split.values.filter((value) => value !== UNTAGGED);

/**
 * Spend by tag value from the rollups. Each fact carries a key at most once, so the untagged share is
 * exact: everything, minus every tagged row of the key.
 */
function tagSplitFromRollups(slice: CostSlice, split: TagSplit, bucket: Bucket): RawBuilder<unknown>[] {
  const values = namedValues(split);
  const ofKey = sql`tag_key = ${split.tagKey}`;
  const parts: RawBuilder<unknown>[] = [];
  if (values === 'All' || values.length > 0) {
    const valueFilter = values === 'All' ? ofKey : sql`${ofKey} and tag_value in (${inList(values)})`;
    parts.push(...rollupRows(slice, bucket, 'tag', sql.ref('tag_value'), valueFilter));
  }
  if (selectsUntagged(split)) {
    parts.push(...rollupRows(slice, bucket, untaggedKind(slice, 'none'), sql`${UNTAGGED}::text`, sql`true`));
    parts.push(...rollupRows(slice, bucket, 'tag', sql`${UNTAGGED}::text`, ofKey, -1));
  }
  return parts;
}

/**
 * A line carrying the tag pair. Stored tags are text (cost-facts.repository's storableTags), so containment
 * is `tags ->> key = value`, and it can use the GIN index on tags of the facts and of the tag-set rollups
 * (decisions 053 and 092). The pair is a jsonb constant, built once when the statement is planned, not
 * again for every row a scan or a recheck tests (decision 128).
 */
export const carries = (tag: TagPair) => sql`tags @> ${JSON.stringify({ [tag.key]: tag.value })}::jsonb`;

/** The lines a restricted scope covers: its accounts, or lines carrying one of its tag pairs. */
function linesInScope(scope: CostScope): RawBuilder<unknown> {
  if (!scope.restricted) return sql`true`;
  const parts = [
    ...(scope.accountIds.length > 0 ? [sql`usage_account_id in (${inList(scope.accountIds)})`] : []),
    ...scope.tags.map(carries),
  ];
  return parts.length === 0 ? sql`false` : sql.join(parts, sql` or `);
}

/** The lines of the slice whatever their day: owner, scope and the whole filter (tags read from each line). */
function linesWhere(slice: CostSlice): RawBuilder<unknown> {
  const tag = slice.filter.tag ? carries(slice.filter.tag) : sql`true`;
  return sql`${ownedBy(slice)} and (${linesInScope(slice.scope)}) and ${accountsAndServices(slice.filter)} and ${tag}`;
}

/**
 * The lines of the slice: its range and `linesWhere`, in columns the facts and the tag-set rollups both
 * have.
 */
function linesOfSlice(slice: CostSlice): RawBuilder<unknown> {
  return sql`usage_date between ${slice.start}::date and ${slice.end}::date and ${linesWhere(slice)}`;
}

/**
 * A read that names no account and no service (a scope of tag pairs alone, no account or service filter,
 * cut by day, provider or tag value): the tag sets' daily totals answer it, summed over accounts and
 * services as well (decision 128).
 */
const namesNoAccountOrService = (slice: CostSlice, grouping: CostGrouping) =>
  (!slice.scope.restricted || slice.scope.accountIds.length === 0) &&
  slice.filter.accountIds.length === 0 &&
  slice.filter.services.length === 0 &&
  grouping.key !== 'service' &&
  grouping.key !== 'account';

/**
 * A scope with tag pairs: the tag-set rollups, where each line's account and tags are known as in the
 * facts, summed over what no such read asks for (region, usage type, charge type, resource). Whole
 * months of a range cut by month or not at all read the monthly ones, as `rollupRows` does; days read
 * the daily ones, or their totals over accounts and services when the read names neither.
 */
function rowsFromTagSets(slice: CostSlice, grouping: CostGrouping): RawBuilder<unknown>[] {
  const split = typeof grouping.key === 'object' ? grouping.key : null;
  const tagValue = split ? sql`coalesce(tags ->> ${split.tagKey}, ${UNTAGGED})` : null;
  const key = tagValue ?? KEY_COLUMNS[grouping.key as keyof typeof KEY_COLUMNS];
  const values = split?.values ?? 'All';
  const filter = tagValue && values !== 'All' ? sql`${tagValue} in (${inList(values)})` : sql`true`;
  const where = sql`${linesWhere(slice)} and ${filter}`;
  const dailyTable = sql.table(
    namesNoAccountOrService(slice, grouping) ? 'cost_daily_tag_set_totals' : 'cost_daily_tag_set_rollups',
  );
  const daily = (start: string, end: string) =>
    sql`select ${bucketOf(grouping.bucket, 'usage_date', slice)} as bucket, ${key} as key, ${costColumn(slice)} as cost
      from ${dailyTable} where usage_date between ${start}::date and ${end}::date and ${where}`;
  if (grouping.bucket === 'day') return [daily(slice.start, slice.end)];
  const range = splitIntoMonths(slice.start, slice.end);
  const parts = range.days.map((days) => daily(days.start, days.end));
  if (range.months)
    parts.push(
      sql`select ${bucketOf(grouping.bucket, 'month', slice)} as bucket, ${key} as key, ${costColumn(slice)} as cost
        from cost_monthly_tag_set_rollups
        where month between ${range.months.first}::date and ${range.months.last}::date and ${where}`,
    );
  return parts;
}

function sliceRows(slice: CostSlice, grouping: CostGrouping): RawBuilder<unknown>[] {
  const { bucket, key } = grouping;
  if (needsTagSets(slice, grouping)) return rowsFromTagSets(slice, grouping);
  if (typeof key === 'object') return tagSplitFromRollups(slice, key, bucket);
  const { tag } = slice.filter;
  // A budget on one tag pair reads the tag rollups of that pair.
  if (tag)
    return rollupRows(
      slice,
      bucket,
      'tag',
      KEY_COLUMNS[key],
      sql`tag_key = ${tag.key} and tag_value = ${tag.value}`,
    );
  return rollupRows(slice, bucket, untaggedKind(slice, key), KEY_COLUMNS[key], sql`true`);
}

/**
 * The slice's spend per bucket and key, with every subtotal computed by the database in exact numeric
 * arithmetic (grouping sets), so the totals equal the facts to the cent.
 */
export async function summarizeCosts(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
  grouping: CostGrouping,
): Promise<CostSummaryRows> {
  const source = sql.join(sliceRows(slice, grouping), sql` union all `);
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

/** The slice's spend per day and key only, without subtotals (what alerts and the forecast read). */
export async function dailyCosts(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
  key: CostGrouping['key'] = 'none',
): Promise<Array<{ day: string; key: string; cost: string }>> {
  const source = sql.join(sliceRows(slice, { bucket: 'day', key }), sql` union all `);
  const result = await sql<{ day: string; key: string; cost: string }>`
    select bucket::text as day, key, sum(cost)::text as cost from (${source}) as slice_rows
    group by bucket, key order by bucket, key`.execute(db);
  return result.rows;
}

/** Tag keys seen on the slice's integrations since its start, for the picker. */
export async function listTagKeys(db: Kysely<DatabaseSchema>, slice: CostSlice): Promise<string[]> {
  // A skip scan of the (organization, integration, key, month) index: one probe per key, not one row
  // per month, account and service (decision 053).
  const since = sql`${ownedBy(slice)} and month >= ${monthStart(slice.start)}::date`;
  const result = await sql<{ tag_key: string }>`
    with recursive keys (tag_key) as (
      select min(tag_key) from cost_monthly_tag_rollups where ${since}
      union all
      select (select min(tag_key) from cost_monthly_tag_rollups where ${since} and tag_key > keys.tag_key)
      from keys where keys.tag_key is not null)
    select tag_key from keys where tag_key is not null order by tag_key`.execute(db);
  return result.rows.map((row) => row.tag_key);
}

/**
 * The tag sets a tag-scoped viewer's lines carry since the slice's start, with `columns` of each: whole
 * months from the monthly tag-set rollups (a tag set once a month per account and service), the days
 * before the first whole month from the daily ones, or from their totals over accounts and services when
 * the scope names no account (decision 128). A month's rows hold the tag sets, providers and accounts of
 * its days' rows, so the distinct values read are the ones all the days would give.
 */
function tagScopedLinesSince(slice: CostSlice, columns: RawBuilder<unknown>): RawBuilder<unknown> {
  const firstWhole =
    slice.start === monthStart(slice.start) ? slice.start : addMonths(monthStart(slice.start), 1);
  const inScope = sql`${ownedBy(slice)} and (${linesInScope(slice.scope)})`;
  const months = sql`select ${columns} from cost_monthly_tag_set_rollups
    where month >= ${firstWhole}::date and ${inScope}`;
  if (slice.start === firstWhole) return months;
  const daily = sql.table(
    slice.scope.restricted && slice.scope.accountIds.length > 0
      ? 'cost_daily_tag_set_rollups'
      : 'cost_daily_tag_set_totals',
  );
  return sql`select ${columns} from ${daily}
    where usage_date >= ${slice.start}::date and usage_date < ${firstWhole}::date and ${inScope}
    union all ${months}`;
}

/** Values of one tag key since the slice's start, for the picker; within a scope, only its lines'. */
export async function listTagValues(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
  tagKey: string,
): Promise<string[]> {
  // A tag-scoped viewer sees only the values on lines in their scope, read from the tag sets.
  const result = scopeNeedsTagSets(slice.scope)
    ? await sql<{ tag_value: string }>`
      select distinct tags ->> ${tagKey} as tag_value
      from (${tagScopedLinesSince(slice, sql`tags`)}) as held
      where tags ? ${tagKey} order by 1`.execute(db)
    : await sql<{ tag_value: string }>`
      select distinct tag_value from cost_monthly_tag_rollups
      where ${ownedBy(slice)} and tag_key = ${tagKey} and month >= ${monthStart(slice.start)}::date
      and ${accountFilter(slice.scope)} order by tag_value`.execute(db);
  return result.rows.map((row) => row.tag_value);
}

/**
 * The providers with cost on the slice's integrations since its start, in its scope, whatever its
 * filter: what a provider picker offers (decision 060).
 */
export async function listProviders(db: Kysely<DatabaseSchema>, slice: CostSlice): Promise<string[]> {
  const result = scopeNeedsTagSets(slice.scope)
    ? await sql<{ provider: string }>`
      select distinct provider from (${tagScopedLinesSince(slice, sql`provider`)}) as held`.execute(db)
    : await sql<{ provider: string }>`
      select distinct provider from cost_monthly_rollups
      where ${ownedBy(slice)} and month >= ${monthStart(slice.start)}::date
      and ${accountFilter(slice.scope)}`.execute(db);
  return result.rows.map((row) => row.provider);
}

/**
 * The first billing period held for the slice's integrations and chosen providers, whatever its scope,
 * dates or other filters: where the data starts, so how far back a comparison can reach (decision 073).
 */
export async function firstBillingPeriod(
  db: Kysely<DatabaseSchema>,
  slice: Pick<CostSlice, 'organizationId' | 'integrations' | 'filter'>,
): Promise<string | null> {
  const { providers } = slice.filter;
  const result = await sql<{ first: string | null }>`
    select min(billing_period)::text as first from cost_monthly_rollups
    where ${ownedBy(slice)} and ${providers.length > 0 ? sql`provider in (${inList(providers)})` : sql`true`}`.execute(
    db,
  );
  return result.rows[0]?.first ?? null;
}

/**
 * The billing periods whose bill the integrations hold, oldest first, on every provider: a month with
 * no row at all was never read, a hole a comparison cannot stand on (decision 074). Read as one step per
 * period along the rollups' (integration, billing period) index, so a tenant with three years of data
 * makes 37 index probes, not a scan of its rollups.
 */
export async function billingPeriodsHeld(
  db: Kysely<DatabaseSchema>,
  owner: Pick<CostSlice, 'organizationId' | 'integrations'>,
): Promise<string[]> {
  const result = await sql<{ period: string }>`
    with recursive held(period) as (
      (select billing_period from cost_monthly_rollups where ${ownedBy(owner)} order by billing_period limit 1)
      union all
      select (
        select billing_period from cost_monthly_rollups
        where ${ownedBy(owner)} and billing_period > held.period order by billing_period limit 1
      ) from held where held.period is not null
    )
    select period::text as period from held where period is not null order by period`.execute(db);
  return result.rows.map((row) => row.period);
}

/** The first and last day with cost on the integrations (null when they hold none). */
export async function spendDays(
  db: Kysely<DatabaseSchema>,
  owner: Pick<CostSlice, 'organizationId' | 'integrations'>,
): Promise<{ first: string | null; last: string | null }> {
  const result = await sql<{ first: string | null; last: string | null }>`
    select min(usage_date)::text as first, max(usage_date)::text as last from cost_daily_rollups
    where ${ownedBy(owner)}`.execute(db);
  return { first: result.rows[0]?.first ?? null, last: result.rows[0]?.last ?? null };
}

export interface DimensionCost {
  day: string;
  service: string;
  account: string;
  region: string;
  usageType: string;
  cost: string;
}

/** The slice's daily spend split by service, account, region and usage type at once (from the facts). */
export async function dimensionCosts(db: Kysely<DatabaseSchema>, slice: CostSlice): Promise<DimensionCost[]> {
  const result = await sql<{
    day: string;
    service: string;
    account: string;
    region: string;
    usage_type: string;
    cost: string;
  }>`
    select usage_date::text as day, service_name as service, usage_account_id as account, region,
           usage_type, sum(${costColumn(slice)})::text as cost
    from cost_daily_facts where ${linesOfSlice(slice)}
    group by 1, 2, 3, 4, 5`.execute(db);
  return result.rows.map(({ usage_type, ...row }) => ({ ...row, usageType: usage_type }));
}

export interface BilledInstanceHours {
  instanceId: string;
  amortizedCost: string;
  hours: string;
}

/**
 * What each EC2 instance's hours cost on the bill in the slice: amortized cost (Savings Plan and
 * reservation rates applied) of its BoxUsage lines, on demand or covered, and the hours they billed.
 */
export async function billedInstanceHours(
  db: Kysely<DatabaseSchema>,
  slice: CostSlice,
): Promise<BilledInstanceHours[]> {
  const result = await sql<{ resource_id: string; amortized_cost: string; hours: string }>`
    select resource_id, sum(amortized_cost)::text as amortized_cost, sum(usage_quantity)::text as hours
    from cost_daily_facts
    where ${linesOfSlice(slice)} and resource_id is not null
      and charge_type in ('Usage', 'SavingsPlanCoveredUsage', 'DiscountedUsage')
      and usage_type like '%BoxUsage%'
    group by resource_id having sum(usage_quantity) > 0`.execute(db);
  return result.rows.map((row) => ({
    instanceId: row.resource_id,
    amortizedCost: row.amortized_cost,
    hours: row.hours,
  }));
}
