import { type Kysely, sql, type Transaction } from 'kysely';
import { storableTags, storableText } from '../../../domain/storable-text.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillCommitments } from './billing-files/index.ts';

const TEXT_LENGTH = 1_024;
const STAGE_BATCH = 1_000;

/**
 * A run's commitments wait in staging beside its facts, one JSON row each (a commitment and month, a
 * day, account and commitment, or the same per tag set): they are few next to the facts. Amounts stay
 * exact decimal text. A file whose tag-set days were left out marks each of its months (decision 143).
 */
export async function stageCommitments(
  db: Kysely<DatabaseSchema>,
  runId: string,
  bill: BillCommitments,
): Promise<void> {
  const rows = [
    ...bill.commitments.map((commitment) => ({
      run_id: runId,
      billing_period: commitment.billingPeriod,
      row_kind: 'commitment',
      row: JSON.stringify({
        ...commitment,
        commitmentId: storableText(commitment.commitmentId, TEXT_LENGTH),
        offering: storableText(commitment.offering, TEXT_LENGTH),
      }),
    })),
    ...bill.days.map((day) => ({
      run_id: runId,
      billing_period: day.billingPeriod,
      row_kind: 'day',
      row: JSON.stringify({ ...day, commitmentId: storableText(day.commitmentId, TEXT_LENGTH) }),
    })),
    ...bill.tagDays.map((day) => ({
      run_id: runId,
      billing_period: day.billingPeriod,
      row_kind: 'tag-day',
      // Kept as the facts keep their tags, so a pair chosen from the facts matches.
      row: JSON.stringify({
        ...day,
        commitmentId: storableText(day.commitmentId, TEXT_LENGTH),
        tags: JSON.stringify(storableTags(JSON.parse(day.tags) as Record<string, string>)),
      }),
    })),
    ...(bill.tagDaysLeftOut > 0 ? periodsOf(bill) : []).map((billingPeriod) => ({
      run_id: runId,
      billing_period: billingPeriod,
      row_kind: 'tag-gap',
      row: JSON.stringify({ reason: 'too-many', tagDays: bill.tagDaysLeftOut }),
    })),
  ];
  for (let start = 0; start < rows.length; start += STAGE_BATCH)
    await db
      .insertInto('cost_commitment_staging')
      .values(rows.slice(start, start + STAGE_BATCH))
      .execute();
}

const periodsOf = (bill: BillCommitments) => [
  ...new Set([...bill.commitments, ...bill.days].map((row) => row.billingPeriod)),
];

export async function discardStagedCommitments(db: Kysely<DatabaseSchema>, runId: string): Promise<void> {
  await db.deleteFrom('cost_commitment_staging').where('run_id', '=', runId).execute();
}

/** The month's commitments of an integration replaced by its run's, in the swap's transaction. */
export async function swapCommitments(
  trx: Transaction<DatabaseSchema>,
  runId: string,
  owner: { organizationId: string; integrationId: string },
  billingPeriod: string,
): Promise<void> {
  const staged = (kind: string) => sql`cost_commitment_staging
    where run_id = ${runId} and billing_period = ${billingPeriod}::date and row_kind = ${kind}`;
  const ownerValues = sql`${owner.organizationId}::uuid, ${owner.integrationId}::uuid`;
  await sql`insert into cost_commitments (organization_id, integration_id, billing_period, commitment_id, kind,
      offering, owner_account_id, region, instance_family, term, payment_option, hourly_commitment,
      reserved_count, starts_at, ends_at, period_unused_commitment)
    select ${ownerValues}, billing_period, row->>'commitmentId', row->>'kind', row->>'offering',
      row->>'ownerAccountId', row->>'region', row->>'instanceFamily', row->>'term', row->>'paymentOption',
      (row->>'hourlyCommitment')::numeric, (row->>'reservedCount')::numeric,
      (row->>'startsAt')::timestamptz, (row->>'endsAt')::timestamptz, (row->>'periodUnusedCommitment')::numeric
    from ${staged('commitment')}`.execute(trx);
  const stagedDayValues = sql`${ownerValues}, billing_period, (row->>'usageDate')::date, row->>'usageAccountId',
      row->>'kind', row->>'commitmentId', (row->>'totalCommitment')::numeric, (row->>'usedCommitment')::numeric,
      (row->>'coveredOnDemandCost')::numeric, (row->>'coveredHours')::numeric,
      (row->>'uncoveredOnDemandCost')::numeric, (row->>'uncoveredHours')::numeric`;
  await sql`insert into cost_commitment_days (organization_id, integration_id, billing_period, usage_date,
      usage_account_id, kind, commitment_id, ${AMOUNT_COLUMNS})
    select ${stagedDayValues} from ${staged('day')}`.execute(trx);
  // A tag set's days lie together, so a read of a few tag sets touches few pages (decision 128). A month
  // one of whose parts left its tag-set days out keeps none: half of its tagged lines would read as untagged.
  await sql`insert into cost_commitment_tag_days (organization_id, integration_id, billing_period, usage_date,
      usage_account_id, kind, commitment_id, ${AMOUNT_COLUMNS}, tags)
    select ${stagedDayValues}, (row->>'tags')::jsonb from ${staged('tag-day')}
      and not exists (select 1 from ${staged('tag-gap')})
    order by row->>'tags', (row->>'usageDate')::date`.execute(trx);
  // Two parts of a month may each leave theirs out: the month is marked once, with the largest count.
  await sql`insert into cost_commitment_tag_gaps (organization_id, integration_id, billing_period, reason, tag_days)
    select ${ownerValues}, billing_period, max(row->>'reason'), max((row->>'tagDays')::bigint)
    from ${staged('tag-gap')}
    group by billing_period`.execute(trx);
  await rollUpCommitmentDays(trx, owner.integrationId, billingPeriod);
  await sql`delete from cost_commitment_staging
    where run_id = ${runId} and billing_period = ${billingPeriod}::date`.execute(trx);
}

/** A commitment-day table's amounts summed, covered on-demand cost null when any summed row's is unknown. */
const SUMMED_AMOUNTS = sql`sum(total_commitment), sum(used_commitment),
  case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost) end,
  sum(covered_hours), sum(uncovered_on_demand_cost), sum(uncovered_hours)`;
const AMOUNT_COLUMNS = sql`total_commitment, used_commitment, covered_on_demand_cost, covered_hours,
  uncovered_on_demand_cost, uncovered_hours`;

/**
 * The month's commitment days rolled up as they were just inserted (decision 117): per day across
 * accounts, and per calendar month per account. Sums of exact decimals regrouped are the same sums.
 */
async function rollUpCommitmentDays(
  trx: Transaction<DatabaseSchema>,
  integrationId: string,
  billingPeriod: string,
): Promise<void> {
  const days = sql`cost_commitment_days
    where integration_id = ${integrationId} and billing_period = ${billingPeriod}::date`;
  await sql`insert into cost_commitment_day_totals (organization_id, integration_id, billing_period, usage_date,
      kind, commitment_id, ${AMOUNT_COLUMNS})
    select organization_id, integration_id, billing_period, usage_date, kind, commitment_id, ${SUMMED_AMOUNTS}
    from ${days}
    group by organization_id, integration_id, billing_period, usage_date, kind, commitment_id`.execute(trx);
  await sql`insert into cost_commitment_months (organization_id, integration_id, billing_period, usage_month,
      usage_account_id, kind, commitment_id, ${AMOUNT_COLUMNS})
    select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date,
      usage_account_id, kind, commitment_id, ${SUMMED_AMOUNTS}
    from ${days}
    group by organization_id, integration_id, billing_period, date_trunc('month', usage_date), usage_account_id,
      kind, commitment_id`.execute(trx);
}
