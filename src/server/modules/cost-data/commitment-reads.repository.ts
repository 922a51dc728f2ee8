import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TagChoice, TaggedUsage } from '../../../domain/commitment-usage.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { carries, splitIntoMonths } from './cost-slices.repository.ts';

/** Whose commitments: one integration of one organization, maybe narrowed to some accounts. */
export interface CommitmentScope {
  organizationId: string;
  integrationId: string;
  /** Null: every account. Otherwise only these (a team's scope, or a filter). */
  accountIds: string[] | null;
  /** The usage of other accounts a scope of tag pairs counts: its amounts, never its fees or ownership. */
  tagged?: TaggedUsage;
  /** A view's choice of tag values, narrowing the usage of all of the above (decision 143). */
  choice?: TagChoice;
}

/** Days from..to inclusive ('YYYY-MM-DD'), summed per day, per calendar month, or over all of them. */
export interface CommitmentWindow {
  from: string;
  to: string;
  bucket: 'day' | 'month' | 'all';
}

/** A commitment as the bill describes it across the months held. */
export interface StoredCommitment {
  commitmentId: string;
  kind: 'savings-plan' | 'reservation';
  offering: string;
  ownerAccountId: string;
  region: string;
  instanceFamily: string;
  term: string;
  paymentOption: string;
  hourlyCommitment: string | null;
  reservedCount: string | null;
  startsAt: string | null;
  endsAt: string | null;
  firstBillingPeriod: string;
  lastBillingPeriod: string;
}

/** A commitment's amounts in one bucket, exact decimal text; coveredOnDemandCost null when unknown. */
export interface CommitmentBucketAmounts {
  commitmentId: string;
  bucket: string;
  totalCommitment: string;
  usedCommitment: string;
  coveredOnDemandCost: string | null;
  coveredHours: string;
}

export interface CoverageBucketAmounts {
  kind: 'savings-plan' | 'reservation';
  bucket: string;
  coveredOnDemandCost: string | null;
  uncoveredOnDemandCost: string;
  coveredHours: string;
  uncoveredHours: string;
}

/** A reservation's unused fee for one billing period, with its term, to spread over the days. */
export interface PeriodUnused {
  commitmentId: string;
  billingPeriod: string;
  unused: string;
  startsAt: string | null;
  endsAt: string | null;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const kindOf = (value: string) => (value === 'reservation' ? 'reservation' : 'savings-plan');

function bucketSql(window: CommitmentWindow): RawBuilder<string> {
  if (window.bucket === 'day') return sql<string>`usage_date::text`;
  if (window.bucket === 'month') return sql<string>`to_char(usage_date, 'YYYY-MM')`;
  return sql<string>`'all'`;
}

const accountsIn = (column: string, accountIds: string[] | null) =>
  accountIds === null
    ? sql`true`
    : accountIds.length === 0
      ? sql`false`
      : sql`${sql.ref(column)} in (${sql.join(accountIds)})`;

const AMOUNTS = sql`kind, commitment_id, total_commitment, used_commitment, covered_on_demand_cost, covered_hours,
  uncovered_on_demand_cost, uncovered_hours`;
/** The amounts taken away: a union's later part, named by its first. */
const NEGATED_AMOUNTS = sql`kind, commitment_id, -total_commitment, -used_commitment, -covered_on_demand_cost,
  -covered_hours, -uncovered_on_demand_cost, -uncovered_hours`;

/**
 * The commitment-day rows of a window, read from the fewest rows that hold them (decision 117): a
 * window's whole calendar months from `cost_commitment_months` unless bucketed by day, and its other
 * days from `cost_commitment_day_totals` when no account is named, else from `cost_commitment_days`;
 * with the tag-set days a scope's pairs or a choice of tag values add or take away (decisions 142 and
 * 143). A choice of values without the untagged lines reads no account days: its lines are all tagged.
 * A row's `usage_date` is its day, or its month's first day. Sums of exact decimals regrouped are the same sums.
 */
function commitmentRows(scope: CommitmentScope, window: CommitmentWindow): RawBuilder<unknown> {
  const owned = sql`organization_id = ${scope.organizationId} and integration_id = ${scope.integrationId}`;
  // A choice of tag values only holds tagged lines: all of them are in the tag-set days.
  const accountIds = scope.choice && !scope.choice.untagged ? [] : scope.accountIds;
  const accounts = accountsIn('usage_account_id', accountIds);
  const dayTable = sql.table(accountIds === null ? 'cost_commitment_day_totals' : 'cost_commitment_days');
  const daysBetween = (start: string, end: string) => sql`select usage_date, ${AMOUNTS} from ${dayTable}
    where ${owned} and ${accounts} and usage_date between ${start}::date and ${end}::date`;
  const tagged = taggedRows(scope, window);
  if (window.bucket === 'day')
    return sql.join([daysBetween(window.from, window.to), ...tagged], sql` union all `);
  const split = splitIntoMonths(window.from, window.to);
  const parts = split.days.map((days) => daysBetween(days.start, days.end));
  if (split.months)
    parts.push(sql`select usage_month as usage_date, ${AMOUNTS} from cost_commitment_months
      where ${owned} and ${accounts} and usage_month between ${split.months.first}::date and ${split.months.last}::date`);
  return sql.join([...parts, ...tagged], sql` union all `);
}

/**
 * The tag-set days a scope's usage adds or takes away (decisions 142 and 143). Uncut: the lines of
 * accounts outside the scope's accounts that carry one of its pairs, so no line counts twice. Cut by a
 * choice of values: the tagged lines of the scope's accounts and pairs that hold one. Cut by a choice
 * with the lines without the key: the scope's accounts' days (read by the caller) less their lines whose
 * key holds another value, and the tagged lines of its pairs elsewhere that lack the key or hold a value.
 */
function taggedRows(scope: CommitmentScope, window: CommitmentWindow): RawBuilder<unknown>[] {
  const { tagged, choice } = scope;
  const tagDays = (amounts: RawBuilder<unknown>, where: RawBuilder<unknown>) =>
    sql`select usage_date, ${amounts} from cost_commitment_tag_days
      where organization_id = ${scope.organizationId} and integration_id = ${scope.integrationId}
        and usage_date between ${window.from}::date and ${window.to}::date and ${where}`;
  const elsewhere = taggedElsewhere(scope.accountIds, tagged);
  if (!choice) return elsewhere ? [tagDays(AMOUNTS, elsewhere)] : [];
  const value = sql`tags ->> ${choice.key}`;
  // Containment, which the tag sets' GIN index answers.
  const chosenValue =
    choice.values.length > 0
      ? sql`(${sql.join(
          choice.values.map((one) => carries({ key: choice.key, value: one })),
          sql` or `,
        )})`
      : sql`false`;
  const chosen = choice.untagged ? sql`(${chosenValue} or ${value} is null)` : chosenValue;
  const inAccounts = accountsIn('usage_account_id', scope.accountIds);
  if (!choice.untagged) {
    const held = elsewhere ? sql`(${inAccounts} or ${elsewhere})` : inAccounts;
    return [tagDays(AMOUNTS, sql`${held} and ${chosen}`)];
  }
  const otherValue = sql`${value} is not null and not ${chosenValue}`;
  return [
    tagDays(NEGATED_AMOUNTS, sql`${inAccounts} and ${otherValue}`),
    ...(elsewhere ? [tagDays(AMOUNTS, sql`${elsewhere} and ${chosen}`)] : []),
  ];
}

/** The tag-set days' condition for the lines of other accounts a scope's pairs select; null for none. */
function taggedElsewhere(
  accountIds: string[] | null,
  tagged: TaggedUsage | undefined,
): RawBuilder<unknown> | null {
  if (!tagged || accountIds === null || tagged.tags.length === 0 || tagged.accountIds?.length === 0)
    return null;
  const outside = accountIds.length > 0 ? sql`usage_account_id not in (${sql.join(accountIds)})` : sql`true`;
  return sql`${outside} and ${accountsIn('usage_account_id', tagged.accountIds)}
    and (${sql.join(tagged.tags.map(carries), sql` or `)})`;
}

/** The organization's commitments in an integration, owned by the scope's accounts. */
export async function listStoredCommitments(
  db: Kysely<DatabaseSchema>,
  scope: CommitmentScope,
): Promise<StoredCommitment[]> {
  const rows = await sql<Record<string, string | null>>`
    select commitment_id, max(kind) as kind, max(offering) as offering, max(owner_account_id) as owner_account_id,
      max(region) as region, max(instance_family) as instance_family, max(term) as term,
      max(payment_option) as payment_option, max(hourly_commitment)::text as hourly_commitment,
      max(reserved_count)::text as reserved_count, min(starts_at) as starts_at, max(ends_at) as ends_at,
      min(billing_period)::text as first_period, max(billing_period)::text as last_period
    from cost_commitments
    where organization_id = ${scope.organizationId} and integration_id = ${scope.integrationId}
      and ${accountsIn('owner_account_id', scope.accountIds)}
    group by commitment_id
    order by max(ends_at) nulls last, commitment_id`.execute(db);
  return rows.rows.map((row) => ({
    commitmentId: String(row.commitment_id),
    kind: kindOf(String(row.kind)),
    offering: String(row.offering ?? ''),
    ownerAccountId: String(row.owner_account_id ?? ''),
    region: String(row.region ?? ''),
    instanceFamily: String(row.instance_family ?? ''),
    term: String(row.term ?? ''),
    paymentOption: String(row.payment_option ?? ''),
    hourlyCommitment: row.hourly_commitment ?? null,
    reservedCount: row.reserved_count ?? null,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    firstBillingPeriod: String(row.first_period),
    lastBillingPeriod: String(row.last_period),
  }));
}

/** Whose commitment amounts: every account's unless some are named (the usage a team's scope holds). */
export type AmountsScope = Omit<CommitmentScope, 'accountIds'> & Partial<Pick<CommitmentScope, 'accountIds'>>;

/** Each named commitment's total, used and covered amounts per bucket of the window, in the scope's accounts. */
export async function commitmentAmounts(
  db: Kysely<DatabaseSchema>,
  scope: AmountsScope,
  commitmentIds: string[],
  window: CommitmentWindow,
): Promise<CommitmentBucketAmounts[]> {
  if (commitmentIds.length === 0) return [];
  const bucket = bucketSql(window);
  const rows = await sql<Record<string, string | null>>`
    select commitment_id, ${bucket} as bucket,
      sum(total_commitment)::text as total, sum(used_commitment)::text as used,
      case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost)::text end as covered,
      sum(covered_hours)::text as hours
    from (${commitmentRows({ ...scope, accountIds: scope.accountIds ?? null }, window)}) as days
    where commitment_id in (${sql.join(commitmentIds)})
    group by commitment_id, bucket
    order by bucket, commitment_id`.execute(db);
  return rows.rows.map((row) => ({
    commitmentId: String(row.commitment_id),
    bucket: String(row.bucket),
    totalCommitment: String(row.total),
    usedCommitment: String(row.used),
    coveredOnDemandCost: row.covered ?? null,
    coveredHours: String(row.hours),
  }));
}

/** Every named commitment's amounts summed per bucket, exact decimal text. */
export interface BucketCommitmentTotals {
  bucket: string;
  totalCommitment: string;
  usedCommitment: string;
}

/** What the Commitments page shows of a window: each commitment over the whole of it, and each bucket. */
export interface CommitmentWindowAmounts {
  byCommitment: CommitmentBucketAmounts[];
  byBucket: BucketCommitmentTotals[];
}

/** A bucket's day ('YYYY-MM-DD') or month ('YYYY-MM'), grouped as a date and written once per group. */
function bucketDateSql(window: CommitmentWindow): RawBuilder<string | null> {
  if (window.bucket === 'day') return sql`usage_date`;
  if (window.bucket === 'month') return sql`date_trunc('month', usage_date)::date`;
  return sql`null::date`;
}

const bucketText = (window: CommitmentWindow) =>
  window.bucket === 'month'
    ? sql`to_char(bucket, 'YYYY-MM')`
    : window.bucket === 'day'
      ? sql`bucket::text`
      : sql`'all'`;

/**
 * The named commitments' amounts over the whole window, per commitment, and per bucket summed across them,
 * in one pass over the rows (decision 123): the page's series needs each bucket's sum, not each
 * commitment's share of it. Every sum is exact `numeric`, converted to a number once by the reader.
 */
export async function commitmentWindowAmounts(
  db: Kysely<DatabaseSchema>,
  scope: Omit<CommitmentScope, 'accountIds'>,
  commitmentIds: string[],
  window: CommitmentWindow,
): Promise<CommitmentWindowAmounts> {
  if (commitmentIds.length === 0) return { byCommitment: [], byBucket: [] };
  const rows = await sql<{
    commitment_id: string | null;
    bucket: string | null;
    per_bucket: boolean;
    total: string;
    used: string;
    covered: string | null;
    hours: string;
  }>`
    select commitment_id, ${bucketText(window)} as bucket, grouping(commitment_id) = 1 as per_bucket,
      sum(total_commitment)::text as total, sum(used_commitment)::text as used,
      case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost)::text end as covered,
      sum(covered_hours)::text as hours
    from (select ${bucketDateSql(window)} as bucket, commitment_id, total_commitment, used_commitment,
        covered_on_demand_cost, covered_hours
      from (${commitmentRows({ ...scope, accountIds: null }, window)}) as days
      where commitment_id in (${sql.join(commitmentIds)})) as named
    group by grouping sets ((commitment_id), (bucket))`.execute(db);
  const amounts: CommitmentWindowAmounts = { byCommitment: [], byBucket: [] };
  for (const row of rows.rows) {
    if (row.per_bucket)
      amounts.byBucket.push({
        bucket: String(row.bucket),
        totalCommitment: row.total,
        usedCommitment: row.used,
      });
    else
      amounts.byCommitment.push({
        commitmentId: String(row.commitment_id),
        bucket: 'all',
        totalCommitment: row.total,
        usedCommitment: row.used,
        coveredOnDemandCost: row.covered,
        coveredHours: row.hours,
      });
  }
  return amounts;
}

/** The unused fees billed once a period (reservations) of the named commitments, in the window's months. */
export async function periodUnusedOf(
  db: Kysely<DatabaseSchema>,
  scope: Omit<CommitmentScope, 'accountIds'>,
  commitmentIds: string[],
  window: Pick<CommitmentWindow, 'from' | 'to'>,
): Promise<PeriodUnused[]> {
  if (commitmentIds.length === 0) return [];
  const rows = await sql<Record<string, string | null>>`
    select commitment_id, billing_period::text as billing_period, sum(period_unused_commitment)::text as unused,
      min(starts_at) as starts_at, max(ends_at) as ends_at
    from cost_commitments
    where organization_id = ${scope.organizationId} and integration_id = ${scope.integrationId}
      and billing_period between date_trunc('month', ${window.from}::date)::date and ${window.to}::date
      and commitment_id in (${sql.join(commitmentIds)})
    group by commitment_id, billing_period
    having sum(period_unused_commitment) <> 0`.execute(db);
  return rows.rows.map((row) => ({
    commitmentId: String(row.commitment_id),
    billingPeriod: String(row.billing_period),
    unused: String(row.unused),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
  }));
}

/** Eligible usage per kind and bucket in the scope's accounts: paid by commitments and not. */
export async function coverageAmounts(
  db: Kysely<DatabaseSchema>,
  scope: CommitmentScope,
  window: CommitmentWindow,
): Promise<CoverageBucketAmounts[]> {
  const bucket = bucketSql(window);
  const rows = await sql<Record<string, string | null>>`
    select kind, ${bucket} as bucket,
      case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost)::text end as covered,
      sum(uncovered_on_demand_cost)::text as uncovered, sum(covered_hours)::text as covered_hours,
      sum(uncovered_hours)::text as uncovered_hours
    from (${commitmentRows(scope, window)}) as days
    group by kind, bucket
    order by bucket, kind`.execute(db);
  return rows.rows.map((row) => ({
    kind: kindOf(String(row.kind)),
    bucket: String(row.bucket),
    coveredOnDemandCost: row.covered ?? null,
    uncoveredOnDemandCost: String(row.uncovered),
    coveredHours: String(row.covered_hours),
    uncoveredHours: String(row.uncovered_hours),
  }));
}

/** A month whose tagged usage under commitments is not kept by tag set, and why (decision 143). */
export interface CommitmentTagGap {
  billingPeriod: string;
  reason: 'read-before' | 'too-many';
  /** The tag-set days the file held, for 'too-many'. */
  tagDays: number | null;
}

/** The months of a window whose tag-set days of commitment usage are missing (decision 143). */
export async function commitmentTagGaps(
  db: Kysely<DatabaseSchema>,
  scope: Omit<CommitmentScope, 'accountIds'>,
  window: Pick<CommitmentWindow, 'from' | 'to'>,
): Promise<CommitmentTagGap[]> {
  const rows = await sql<{ billing_period: string; reason: string; tag_days: string | null }>`
    select billing_period::text as billing_period, reason, tag_days::text as tag_days
    from cost_commitment_tag_gaps
    where organization_id = ${scope.organizationId} and integration_id = ${scope.integrationId}
      and billing_period between date_trunc('month', ${window.from}::date)::date and ${window.to}::date
    order by billing_period`.execute(db);
  return rows.rows.map((row) => ({
    billingPeriod: row.billing_period,
    reason: row.reason === 'too-many' ? 'too-many' : 'read-before',
    tagDays: row.tag_days === null ? null : Number(row.tag_days),
  }));
}

/** The Savings Plans and reservations the bills named, and their amounts (decision 098). */
export function createCommitmentReads(db: Kysely<DatabaseSchema>) {
  return {
    list: (scope: CommitmentScope) => listStoredCommitments(db, scope),
    amounts: (scope: AmountsScope, ids: string[], window: CommitmentWindow) =>
      commitmentAmounts(db, scope, ids, window),
    windowAmounts: (scope: Omit<CommitmentScope, 'accountIds'>, ids: string[], window: CommitmentWindow) =>
      commitmentWindowAmounts(db, scope, ids, window),
    periodUnused: (
      scope: Omit<CommitmentScope, 'accountIds'>,
      ids: string[],
      window: Pick<CommitmentWindow, 'from' | 'to'>,
    ) => periodUnusedOf(db, scope, ids, window),
    coverage: (scope: CommitmentScope, window: CommitmentWindow) => coverageAmounts(db, scope, window),
    tagGaps: (scope: Omit<CommitmentScope, 'accountIds'>, window: Pick<CommitmentWindow, 'from' | 'to'>) =>
      commitmentTagGaps(db, scope, window),
  };
}
