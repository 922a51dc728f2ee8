import { type Kysely, sql } from 'kysely';
import { addDays, addMonths, monthEnd, monthStart } from '../../src/domain/calendar-days.ts';
import type { DatabaseSchema } from '../../src/server/db/schema.ts';
import { replaceBillingPeriod } from '../../src/server/modules/cost-data/cost-facts.repository.ts';

/**
 * A large organization's cost facts (issue 18), generated inside the database and swapped in through the
 * cost-data module's own `replaceBillingPeriod`, so the daily, monthly and tag rollups are exactly the
 * ones an ingest builds. One billing period per transaction, as an ingest of monthly exports would.
 *
 * Shape: `months` of daily facts ending today, `accounts` usage accounts (one payer), `services`
 * services; each account runs every other service (half of them: `accounts × services / 2` account and
 * service pairs). `resources` resources share those pairs round-robin, one fact per resource and day in
 * one of four regions: with as many resources as pairs (the default, 1,500) a pair is one resource; with
 * 30,000 each pair runs 20 and a month holds about 910,000 facts. Three tag keys with `tagValues` values
 * each, set per pair: `team` (one pair in ten untagged), `project` (one in five without it),
 * `cost-center` (on every line). Costs vary by service, account, resource, weekday and a slow monthly
 * growth, with ten decimals as AWS writes them; a pair's daily spend is about the same whatever the
 * number of resources sharing it. `commitments` Savings Plans and reservations (alternately) run through
 * every month; each pays for usage in 5 accounts a day (decision 098's rows: a day, account and
 * commitment), and every account has eligible usage no commitment paid for, per kind. The first ends
 * on the last day of today's month.
 */
export interface LargeTenantShape {
  months: number;
  accounts: number;
  services: number;
  resources: number;
  tagValues: number;
  /** Savings Plans and reservations in the bill (0: none), each paying for usage in 5 accounts. */
  commitments: number;
  /**
   * How far each month's `cost-center` values move on from the month before's (0 or absent: the same
   * every month): with `tagValues`, no month shares one, so a read a month off its window names others.
   */
  costCenterShift?: number;
}

export const LARGE_TENANT: LargeTenantShape = {
  months: 36,
  accounts: 20,
  services: 150,
  resources: 1_500,
  tagValues: 500,
  commitments: 0,
};

/** The large tenant with `LARGE_TENANT_MONTHS` and `LARGE_TENANT_RESOURCES` from the environment. */
export function largeTenantShapeOf(env: NodeJS.ProcessEnv): LargeTenantShape {
  return {
    ...LARGE_TENANT,
    months: Number(env.LARGE_TENANT_MONTHS ?? LARGE_TENANT.months),
    resources: Number(env.LARGE_TENANT_RESOURCES ?? LARGE_TENANT.resources),
    commitments: Number(env.LARGE_TENANT_COMMITMENTS ?? LARGE_TENANT.commitments),
  };
}

export const accountIdOf = (index: number) => String(100_000_000_000 + index).padStart(12, '0');
export const tagValueOf = (prefix: string, index: number) => `${prefix}-${String(index).padStart(3, '0')}`;

/** The benchmark's two member teams: one owns two accounts, one three tag pairs over two keys. */
export const ACCOUNT_TEAM = [accountIdOf(2), accountIdOf(7)];
export const TAG_TEAM = [
  { key: 'team', value: tagValueOf('team', 7) },
  { key: 'team', value: tagValueOf('team', 123) },
  { key: 'project', value: tagValueOf('project', 42) },
];

/**
 * The facts one billing period holds under this shape: what a run would stage. The one place that
 * knows the facts' columns: a change of the staging table is made here.
 */
function stagePeriod(
  shape: LargeTenantShape,
  runId: string,
  period: string,
  first: string,
  last: string,
  monthIndex: number,
) {
  const v = shape.tagValues;
  const pairs = (shape.accounts * shape.services) / 2;
  // Resource r runs on pair r % pairs: account a, and a service of a's parity (a + s even).
  return sql`insert into cost_fact_staging (run_id, billing_period, usage_date,
      provider, billing_account_id, usage_account_id, usage_account_name, service_code, service_name, region,
      usage_type, charge_type, resource_id, tags, currency, unblended_cost, amortized_cost, net_cost,
      usage_quantity, line_items)
    select ${runId}::uuid, ${period}::date,
      d::date, 'AWS', ${accountIdOf(0)}, lpad((100000000000 + a)::text, 12, '0'), 'Account ' || a,
      'Svc' || s, 'AWS Service ' || lpad(s::text, 3, '0'),
      (array['us-east-1', 'us-west-2', 'eu-west-1', 'ap-southeast-2'])[1 + (a + s) % 4],
      'USE1-Usage' || s % 7, 'Usage', 'arn:aws:bench:' || lpad(r::text, 7, '0'),
      tags, 'USD', cost, round(cost * 0.93, 10), round(cost * 0.97, 10), round(cost * 3.7, 6), 24
    from generate_series(0, ${shape.resources - 1}) as r,
      lateral (select r % ${shape.accounts} as a) as account,
      lateral (select 2 * ((r / ${shape.accounts}) % ${shape.services / 2}) + 2 - a % 2 as s) as service,
      lateral (select jsonb_strip_nulls(jsonb_build_object(
        'team', case when (a * 7 + s) % 10 <> 0 then 'team-' || lpad(((a * ${shape.services} + s) % ${v})::text, 3, '0') end,
        'project', case when (a + s * 3) % 5 <> 0 then 'project-' || lpad(((a * 37 + s * 11) % ${v})::text, 3, '0') end,
        'cost-center', 'cc-' || lpad(((a * 131 + s * 17) % ${v} + ${monthIndex * (shape.costCenterShift ?? 0)})::text, 3, '0'))) as tags) as tagged,
      generate_series(${first}::date, ${last}::date, interval '1 day') as d,
      lateral (select round(((s % 37) + 1) * (1 + a % 5) * (1 + extract(isodow from d) / 10.0)
        * (1 + ${monthIndex} * 0.02) * (1 + (r / ${pairs}) % 5 / 10.0) * ${pairs} / (7.0 * ${shape.resources}), 10)
        as cost) as c`;
}

/** Accounts a benchmark commitment pays for usage in, each day. */
const COVERED_ACCOUNTS = 5;

/**
 * The commitments one billing period holds under this shape, staged as a run stages a bill's
 * (`commitment-facts.repository.ts`): one row a commitment, one a day, account and commitment, and one a
 * day, account and kind for the eligible usage none paid for; and each of those usage rows again in three
 * of the tenant's tag sets (decision 142).
 */
function stageCommitmentsOfPeriod(
  shape: LargeTenantShape,
  runId: string,
  period: string,
  first: string,
  last: string,
  today: string,
) {
  const payer = accountIdOf(0);
  const account = (index: string) => sql.raw(`lpad((100000000000 + ${index})::text, 12, '0')`);
  const days = sql`generate_series(${first}::date, ${last}::date, interval '1 day') as d`;
  return sql`with bench_commitments as (
      select i, case when i % 2 = 0 then 'savings-plan' else 'reservation' end as kind,
        case when i % 2 = 0 then 'arn:aws:savingsplans::' || ${payer} || ':savingsplan/bench-' || lpad(i::text, 4, '0')
          else 'arn:aws:ec2:us-east-1:' || ${account(`i % ${shape.accounts}`)} || ':reserved-instances/bench-'
            || lpad(i::text, 4, '0') end as commitment_id,
        case when i % 2 = 0 then 'ComputeSavingsPlans' else 'AmazonEC2' end as offering,
        case when i % 2 = 0 then ${payer} else ${account(`i % ${shape.accounts}`)} end as owner,
        case when i % 2 = 0 then '' else 'm5' end as family,
        case when i % 2 = 0 then 1 + i % 10 end as hourly,
        case when i % 2 = 1 then 1 + i % 4 end as reserved,
        24 * (1 + i % 10) * 1.0 as daily
      from generate_series(0, ${shape.commitments - 1}) as i)
    insert into cost_commitment_staging (run_id, billing_period, row_kind, row)
    select ${runId}::uuid, ${period}::date, 'commitment', jsonb_build_object(
        'commitmentId', commitment_id, 'kind', kind, 'offering', offering,
        'ownerAccountId', owner, 'region', 'us-east-1', 'instanceFamily', family, 'term', '3yr',
        'paymentOption', 'No Upfront', 'hourlyCommitment', hourly, 'reservedCount', reserved,
        'startsAt', ${addMonths(monthStart(today), -shape.months)}::date::timestamptz,
        'endsAt', case when i = 0 then ${monthEnd(today)}::date::timestamptz
          else ${today}::date::timestamptz + (30 + i * 7) * interval '1 day' end,
        'periodUnusedCommitment', case when kind = 'reservation' then 10 + i % 13 else 0 end)
      from bench_commitments
    union all
    select ${runId}::uuid, ${period}::date, 'day', jsonb_build_object(
        'usageDate', d::date, 'usageAccountId', ${account(`(i + k * 4) % ${shape.accounts}`)},
        'kind', kind, 'commitmentId', commitment_id,
        'totalCommitment', round(daily / ${COVERED_ACCOUNTS}, 10),
        'usedCommitment', round(daily * (0.6 + i % 5 / 10.0) / ${COVERED_ACCOUNTS}, 10),
        'coveredOnDemandCost', round(daily * (0.6 + i % 5 / 10.0) * 1.4 / ${COVERED_ACCOUNTS}, 10),
        'coveredHours', 24 * (1 + i % 4), 'uncoveredOnDemandCost', 0, 'uncoveredHours', 0)
      from bench_commitments, generate_series(0, ${COVERED_ACCOUNTS - 1}) as k, ${days}
    union all
    select ${runId}::uuid, ${period}::date, 'day', jsonb_build_object(
        'usageDate', d::date, 'usageAccountId', ${account('a')},
        'kind', kind, 'commitmentId', '', 'totalCommitment', 0, 'usedCommitment', 0,
        'coveredOnDemandCost', 0, 'coveredHours', 0,
        'uncoveredOnDemandCost', round(40 + a * 3.5 + extract(isodow from d), 10),
        'uncoveredHours', 24 * (2 + a % 3))
      from generate_series(0, ${shape.accounts - 1}) as a,
        (values ('savings-plan'), ('reservation')) as kinds (kind), ${days}
    union all
    select ${runId}::uuid, ${period}::date, 'tag-day', jsonb_build_object(
        'usageDate', d::date, 'usageAccountId', ${account('a')},
        'kind', kind, 'commitmentId', commitment_id, 'tags', ${benchTagsSql(shape)},
        'totalCommitment', round(daily / ${COVERED_ACCOUNTS * TAG_SETS_PER_DAY}, 10),
        'usedCommitment', round(daily * (0.6 + i % 5 / 10.0) / ${COVERED_ACCOUNTS * TAG_SETS_PER_DAY}, 10),
        'coveredOnDemandCost', round(daily * (0.6 + i % 5 / 10.0) * 1.4 / ${COVERED_ACCOUNTS * TAG_SETS_PER_DAY}, 10),
        'coveredHours', 8 * (1 + i % 4), 'uncoveredOnDemandCost', 0, 'uncoveredHours', 0)
      from bench_commitments, generate_series(0, ${COVERED_ACCOUNTS - 1}) as k,
        generate_series(0, ${TAG_SETS_PER_DAY - 1}) as j,
        lateral (select (i + k * 4) % ${shape.accounts} as a) as account,
        lateral (select 2 * ((i + j * 7) % ${shape.services / 2}) + 2 - a % 2 as s) as service, ${days}
    union all
    select ${runId}::uuid, ${period}::date, 'tag-day', jsonb_build_object(
        'usageDate', d::date, 'usageAccountId', ${account('a')},
        'kind', kind, 'commitmentId', '', 'tags', ${benchTagsSql(shape)},
        'totalCommitment', 0, 'usedCommitment', 0, 'coveredOnDemandCost', 0, 'coveredHours', 0,
        'uncoveredOnDemandCost', round((40 + a * 3.5 + extract(isodow from d)) / ${TAG_SETS_PER_DAY}, 10),
        'uncoveredHours', 8 * (2 + a % 3))
      from generate_series(0, ${shape.accounts - 1}) as a,
        generate_series(0, ${TAG_SETS_PER_DAY - 1}) as j,
        lateral (select 2 * ((a + j * 7) % ${shape.services / 2}) + 2 - a % 2 as s) as service,
        (values ('savings-plan'), ('reservation')) as kinds (kind), ${days}`;
}

/** The tag sets each covered or uncovered day splits into (decision 142): those of the tenant's usage. */
const TAG_SETS_PER_DAY = 3;

/** The tag set of account `a` and service `s`, as the facts of `stagePeriod` carry it (the cost centre unshifted). */
function benchTagsSql(shape: LargeTenantShape) {
  const v = shape.tagValues;
  return sql.raw(`jsonb_strip_nulls(jsonb_build_object(
        'team', case when (a * 7 + s) % 10 <> 0 then 'team-' || lpad(((a * ${shape.services} + s) % ${v})::text, 3, '0') end,
        'project', case when (a + s * 3) % 5 <> 0 then 'project-' || lpad(((a * 37 + s * 11) % ${v})::text, 3, '0') end,
        'cost-center', 'cc-' || lpad(((a * 131 + s * 17) % ${v})::text, 3, '0')))`);
}

/** A `running` ingestion run of the integration, for the months the benchmark writes. */
export function startBenchRun(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string },
): Promise<{ id: string }> {
  return db
    .insertInto('ingestion_runs')
    .values({
      organization_id: owner.organizationId,
      integration_id: owner.integrationId,
      trigger: 'bench',
      state: 'running',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface LargeTenantRun {
  shape: LargeTenantShape;
  /** A `running` ingestion run of the integration: the swap replaces months only for one. */
  runId: string;
  owner: { organizationId: string; integrationId: string };
  today: string;
  firstPeriod: string;
}

/**
 * The billing period `index` months after the run's first, its facts staged and swapped in, in one
 * transaction, as a run replaces a month. Returns how long each half took, in milliseconds.
 */
export async function writeLargeTenantPeriod(
  db: Kysely<DatabaseSchema>,
  run: LargeTenantRun,
  index: number,
): Promise<{ period: string; stageMs: number; swapMs: number }> {
  const period = addMonths(run.firstPeriod, index);
  const last = index === run.shape.months - 1 ? run.today : addDays(addMonths(period, 1), -1);
  return db.transaction().execute(async (trx) => {
    const started = performance.now();
    await stagePeriod(run.shape, run.runId, period, period, last, index).execute(trx);
    if (run.shape.commitments > 0)
      await stageCommitmentsOfPeriod(run.shape, run.runId, period, period, last, run.today).execute(trx);
    const staged = performance.now();
    await replaceBillingPeriod(trx, run.runId, run.owner, period);
    return { period, stageMs: staged - started, swapMs: performance.now() - staged };
  });
}

/**
 * Writes the shape's facts for the integration, months ending with today's, and rebuilds the rollups.
 * Returns the number of facts.
 */
export async function generateLargeTenant(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string },
  today: string,
  shape: LargeTenantShape = LARGE_TENANT,
  progress: (period: string) => void = () => {},
): Promise<number> {
  const firstPeriod = addMonths(monthStart(today), -(shape.months - 1));
  const run = await startBenchRun(db, owner);
  const periods: string[] = [];
  for (let index = 0; index < shape.months; index += 1) {
    const { period } = await writeLargeTenantPeriod(
      db,
      { shape, runId: run.id, owner, today, firstPeriod },
      index,
    );
    periods.push(period);
    progress(period);
  }
  const facts = await sql<{ facts: string }>`select count(*)::text as facts from cost_daily_facts
    where integration_id = ${owner.integrationId}`.execute(db);
  await db
    .updateTable('ingestion_runs')
    .set({
      state: 'succeeded',
      finished_at: new Date(),
      billing_periods: JSON.stringify(periods),
      facts_written: facts.rows[0]?.facts ?? '0',
    })
    .where('id', '=', run.id)
    .execute();
  await db
    .updateTable('integrations')
    .set({ state: 'ready', fresh_through: today, last_synced_at: new Date() })
    .where('id', '=', owner.integrationId)
    .execute();
  await sql`analyze`.execute(db);
  return Number(facts.rows[0]?.facts ?? 0);
}
