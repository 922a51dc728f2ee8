import { rm } from 'node:fs/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import {
  STORABLE_FACT_TEXT_LENGTH,
  storableTags,
  storableText,
  storableTextOrNull,
} from '../../../domain/storable-text.ts';
import { copyCsvFile, copyField, copyRows } from '../../db/bulk-copy.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import {
  DAILY_COST_FACT_FILE_COLUMNS,
  type DailyCostFact,
  type DailyCostFactPart,
  type MonthlyResourceCost,
} from './billing-files/index.ts';
import { discardStagedCommitments, swapCommitments } from './commitment-facts.repository.ts';

/** Resource ids, usage types and tags are short; a longer value is junk and must still fit an index. */
const FACT_TEXT_LENGTH = STORABLE_FACT_TEXT_LENGTH;
const text = (value: string) => storableText(value, FACT_TEXT_LENGTH);

export interface FactOwner {
  organizationId: string;
  integrationId: string;
}

/** What a fact says, as staged and as stored; the stored fact adds its owner. */
const STAGED_COLUMN_LIST =
  'billing_period, usage_date, provider, billing_account_id, usage_account_id, usage_account_name, service_code, ' +
  'service_name, region, usage_type, charge_type, resource_id, tags, currency, unblended_cost, amortized_cost, ' +
  'net_cost, usage_quantity, line_items';
const STAGED_COLUMNS = sql.raw(STAGED_COLUMN_LIST);

/** One staged fact as a line of COPY's text format, fields in the order of STAGED_COLUMN_LIST after run_id. */
function stagingLine(runId: string, fact: DailyCostFact): string {
  return [
    runId,
    fact.billingPeriod,
    fact.usageDate,
    copyField(text(fact.provider)),
    copyField(text(fact.billingAccountId)),
    copyField(text(fact.usageAccountId)),
    copyField(storableTextOrNull(fact.usageAccountName, FACT_TEXT_LENGTH)),
    copyField(text(fact.serviceCode)),
    copyField(text(fact.serviceName)),
    copyField(text(fact.region)),
    copyField(text(fact.usageType)),
    copyField(text(fact.chargeType)),
    copyField(storableTextOrNull(fact.resourceId, FACT_TEXT_LENGTH)),
    copyField(JSON.stringify(storableTags(fact.tags))),
    copyField(text(fact.currency)),
    fact.unblendedCost,
    fact.amortizedCost,
    fact.netCost,
    fact.usageQuantity,
    String(fact.lineItems),
  ].join('\t');
}

/**
 * Facts of a run wait in staging, outside any long transaction, until the whole run has read well. The
 * rows travel in one `COPY` per call, in its text format: amounts stay the exact decimal strings the
 * reader gave, tags a JSON object for the jsonb column, and PostgreSQL parses them about twice as fast
 * as the same rows in a JSON parameter (decision 061; JSON batches before, decision 055). A staged row
 * names its run alone; the swap writes the run's owner (decision 067).
 */
export async function stageFacts(
  db: Kysely<DatabaseSchema>,
  runId: string,
  facts: DailyCostFact[],
): Promise<void> {
  if (facts.length === 0) return;
  let rows = '';
  for (const fact of facts) rows += `${stagingLine(runId, fact)}\n`;
  await copyRows(db, `cost_fact_staging (run_id, ${STAGED_COLUMN_LIST})`, rows);
}

/**
 * What the reader's fact files must hold for a staged fact, after the run's id: DuckDB writes the text
 * storableText would leave as it is, the rest comes as facts (decision 129).
 */
export const FACT_FILE_OPTIONS = (runId: string) => ({
  leadingFields: [runId],
  maxTextLength: FACT_TEXT_LENGTH,
});
const FACT_FILE_TARGET = `cost_fact_staging (run_id, ${DAILY_COST_FACT_FILE_COLUMNS.join(', ')})`;

/**
 * One part of a file's facts staged: a CSV file DuckDB wrote for this run (FACT_FILE_OPTIONS) loaded by
 * one COPY and removed, or facts as objects staged as stageFacts does.
 */
export async function stageFactPart(
  db: Kysely<DatabaseSchema>,
  runId: string,
  part: DailyCostFactPart,
): Promise<void> {
  if (part.kind === 'facts') return stageFacts(db, runId, part.facts);
  try {
    await copyCsvFile(db, FACT_FILE_TARGET, part.path);
  } finally {
    await rm(part.path, { force: true });
  }
}

/** What a resource cost in a month, as staged and as stored; the stored row adds its owner. */
const RESOURCE_COST_COLUMN_LIST =
  'billing_period, provider, usage_account_id, service_code, service_name, region, usage_type, resource_id, ' +
  'currency, unblended_cost, amortized_cost, net_cost, usage_quantity, line_items';
const RESOURCE_COST_COLUMNS = sql.raw(RESOURCE_COST_COLUMN_LIST);

function resourceCostLine(runId: string, cost: MonthlyResourceCost): string {
  return [
    runId,
    cost.billingPeriod,
    copyField(text(cost.provider)),
    copyField(text(cost.usageAccountId)),
    copyField(text(cost.serviceCode)),
    copyField(text(cost.serviceName)),
    copyField(text(cost.region)),
    copyField(text(cost.usageType)),
    copyField(text(cost.resourceId)),
    copyField(text(cost.currency)),
    cost.unblendedCost,
    cost.amortizedCost,
    cost.netCost,
    cost.usageQuantity,
    String(cost.lineItems),
  ].join('\t');
}

/** Each resource's monthly costs wait in staging beside the run's facts, loaded the same way. */
export async function stageResourceCosts(
  db: Kysely<DatabaseSchema>,
  runId: string,
  costs: MonthlyResourceCost[],
): Promise<void> {
  if (costs.length === 0) return;
  let rows = '';
  for (const cost of costs) rows += `${resourceCostLine(runId, cost)}\n`;
  await copyRows(db, `cost_resource_cost_staging (run_id, ${RESOURCE_COST_COLUMN_LIST})`, rows);
}

export async function discardStagedFacts(db: Kysely<DatabaseSchema>, runId: string): Promise<void> {
  await db.deleteFrom('cost_fact_staging').where('run_id', '=', runId).execute();
  await db.deleteFrom('cost_resource_cost_staging').where('run_id', '=', runId).execute();
  await discardStagedCommitments(db, runId);
}

/**
 * Staged facts no running run will swap: its process died, or its integration was removed with its runs.
 * A running run stages only its own, and discards them itself when it ends. The runs with staged facts
 * are found by a skip scan of the staging index, one probe per run, not a read of every staged row.
 */
export async function discardStagedFactsOfRunsNotRunning(db: Kysely<DatabaseSchema>): Promise<void> {
  for (const staging of [
    'cost_fact_staging',
    'cost_resource_cost_staging',
    'cost_commitment_staging',
  ] as const) {
    const table = sql.table(staging);
    await sql`with recursive staged_runs (run_id) as (
        (select run_id from ${table} order by run_id limit 1)
        union all
        select (select s.run_id from ${table} s where s.run_id > staged_runs.run_id order by s.run_id limit 1)
        from staged_runs where staged_runs.run_id is not null)
      delete from ${table} where run_id in (
        select run_id from staged_runs where run_id is not null and not exists (
          select 1 from ingestion_runs r where r.id = staged_runs.run_id and r.state = 'running'))`.execute(
      db,
    );
  }
}

/** Thrown by a swap whose run is no longer running: the orphan sweep ended it and discarded what it staged. */
export const RUN_ENDED_BEFORE_SWAP =
  'This run was taken for stopped (its worker had not reported for a while) and ended before it could ' +
  'replace its months, so the months it had not replaced keep their data. Upload the file again; a sync retries on its own.';

/** The tables that hold an integration's costs: a swap replaces a month of each, a removal all of them. */
export const COST_TABLES = [
  'cost_daily_facts',
  'cost_daily_rollups',
  'cost_monthly_rollups',
  'cost_daily_totals',
  'cost_daily_tag_rollups',
  'cost_monthly_tag_rollups',
  'cost_monthly_resource_costs',
  'cost_commitments',
  'cost_commitment_days',
  'cost_commitment_day_totals',
  'cost_commitment_months',
  'cost_commitment_tag_days',
  'cost_commitment_tag_gaps',
  'cost_daily_tag_set_rollups',
  'cost_monthly_tag_set_rollups',
  'cost_daily_tag_set_totals',
] as const;

const SUMS = sql.raw('sum(unblended_cost), sum(amortized_cost), sum(net_cost)');

/**
 * Replaces one billing period of one integration with the staged facts of a run, and rebuilds its
 * rollups, in the caller's transaction: readers see the old month or the new one, never half of each.
 * A run swaps its periods one transaction each, so the embedded database's one connection is never
 * held for more than a month's swap (decision 062). Each rollup is summed from the fewest rows that
 * hold its grain, to the same exact decimals: each monthly rollup from the rows its daily rollup returns
 * as it inserts them, a thirtieth of the rows (decision 055), and the tag rollups from the tag sets
 * (decision 092); the daily rollups, totals and tag sets from one grouping of the staged facts (decision 093),
 * and the tag sets' daily totals from the tag sets (decision 128).
 */
export async function replaceBillingPeriod(
  trx: Transaction<DatabaseSchema>,
  runId: string,
  owner: FactOwner,
  billingPeriod: string,
): Promise<void> {
  // The cost tables have no foreign key to check per row: the integration's removal deletes its rows
  // through this one (decision 068). Inserted before any lock is taken, so a removal under way is
  // waited for here, and the two lock in one order.
  await sql`insert into cost_data_integrations (integration_id) values (${owner.integrationId})
    on conflict do nothing`.execute(trx);
  // Locked against the orphan sweep, whose update waits for this swap: a run the sweep ended (a stalled
  // worker taken for dead) may have lost its staged facts, and must not replace a month with them. An
  // integration's removal deletes this row by its cascade, so it waits here before its trigger deletes
  // the integration's cost rows, this swap's with them.
  const run = await sql<{
    state: string;
  }>`select state from ingestion_runs where id = ${runId} for update`.execute(trx);
  if (run.rows[0]?.state !== 'running') throw new Error(RUN_ENDED_BEFORE_SWAP);
  const staged = sql`cost_fact_staging where run_id = ${runId} and billing_period = ${billingPeriod}::date`;
  // Written on every row the swap inserts: staging keeps neither (decision 067).
  const ownerValues = sql`${owner.organizationId}::uuid, ${owner.integrationId}::uuid`;
  // The grouping of the tag rollups (about 3 rows a fact) fits in memory as a hash instead of an
  // external sort on disk (4 MB, the default, spilled at 70,000 facts); the setting ends with the transaction.
  await sql`set local work_mem = '32MB'`.execute(trx);
  for (const table of COST_TABLES) {
    await sql`delete from ${sql.table(table)} where integration_id = ${owner.integrationId} and billing_period = ${billingPeriod}::date`.execute(
      trx,
    );
  }
  await sql`insert into cost_daily_facts (organization_id, integration_id, ${STAGED_COLUMNS})
    select ${ownerValues}, ${STAGED_COLUMNS} from ${staged}`.execute(trx);
  // The staged facts are grouped once, without what no rollup keeps (resource, usage type, the account's
  // name...): the daily rollups, the daily totals and the tag sets are each summed from those groups, a
  // fraction of the facts' rows, and each monthly table from the daily rows as they are inserted
  // (decisions 055 and 093). Sums of exact decimals regrouped are the same sums.
  await sql`with groups as materialized (
      select billing_period, usage_date, provider, usage_account_id, service_name, region, charge_type, tags,
        sum(unblended_cost) as unblended_cost, sum(amortized_cost) as amortized_cost, sum(net_cost) as net_cost
      from ${staged}
      group by billing_period, usage_date, provider, usage_account_id, service_name, region, charge_type, tags),
    daily as (
      insert into cost_daily_rollups (organization_id, integration_id, billing_period, usage_date, provider,
        usage_account_id, service_name, region, charge_type, unblended_cost, amortized_cost, net_cost)
      select ${ownerValues}, billing_period, usage_date, provider, usage_account_id, service_name, region,
        charge_type, ${SUMS}
      from groups
      group by billing_period, usage_date, provider, usage_account_id, service_name, region, charge_type
      returning *),
    monthly as (
      insert into cost_monthly_rollups (organization_id, integration_id, billing_period, month, provider,
        usage_account_id, service_name, region, charge_type, unblended_cost, amortized_cost, net_cost)
      select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date, provider,
        usage_account_id, service_name, region, charge_type, ${SUMS}
      from daily group by 1, 2, 3, 4, 5, 6, 7, 8, 9),
    -- Per day and account only: the forecast's long daily history and account-only reads (decision 053).
    totals as (
      insert into cost_daily_totals (organization_id, integration_id, billing_period, usage_date, provider,
        usage_account_id, unblended_cost, amortized_cost, net_cost)
      select ${ownerValues}, billing_period, usage_date, provider, usage_account_id, ${SUMS}
      from groups
      group by billing_period, usage_date, provider, usage_account_id),
    -- Per day, account, service and whole tag set: what a scope of tag pairs reads, and what the tag
    -- rollups are summed from (decision 092).
    tag_sets as (
      insert into cost_daily_tag_set_rollups (organization_id, integration_id, billing_period, usage_date,
        provider, usage_account_id, service_name, tags, unblended_cost, amortized_cost, net_cost)
      select ${ownerValues}, billing_period, usage_date, provider, usage_account_id, service_name, tags, ${SUMS}
      from groups
      group by billing_period, usage_date, provider, usage_account_id, service_name, tags
      returning *),
    -- Per day and whole tag set over every account and service: the daily history of a scope of tag
    -- pairs alone, a tag set's days of the month written next to each other (decision 128).
    tag_set_totals as (
      insert into cost_daily_tag_set_totals (organization_id, integration_id, billing_period, usage_date,
        provider, tags, unblended_cost, amortized_cost, net_cost)
      select organization_id, integration_id, billing_period, usage_date, provider, tags, ${SUMS}
      from tag_sets
      group by organization_id, integration_id, billing_period, usage_date, provider, tags
      order by tags, usage_date)
    insert into cost_monthly_tag_set_rollups (organization_id, integration_id, billing_period, month, provider,
      usage_account_id, service_name, tags, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date, provider,
      usage_account_id, service_name, tags, ${SUMS}
    from tag_sets group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(trx);
  await sql`with daily as (
      insert into cost_daily_tag_rollups (organization_id, integration_id, billing_period, usage_date, provider,
        tag_key, tag_value, usage_account_id, service_name, unblended_cost, amortized_cost, net_cost)
      select ${ownerValues}, s.billing_period, s.usage_date, s.provider, t.key, t.value, s.usage_account_id,
        s.service_name, sum(s.unblended_cost), sum(s.amortized_cost), sum(s.net_cost)
      from cost_daily_tag_set_rollups s cross join lateral jsonb_each_text(s.tags) t
      where s.integration_id = ${owner.integrationId} and s.billing_period = ${billingPeriod}::date
      group by s.billing_period, s.usage_date, s.provider, t.key, t.value, s.usage_account_id, s.service_name
      returning *)
    insert into cost_monthly_tag_rollups (organization_id, integration_id, billing_period, month, provider, tag_key,
      tag_value, usage_account_id, service_name, unblended_cost, amortized_cost, net_cost)
    select organization_id, integration_id, billing_period, date_trunc('month', usage_date)::date, provider, tag_key,
      tag_value, usage_account_id, service_name, ${SUMS}
    from daily group by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(trx);
  const stagedResourceCosts = sql`cost_resource_cost_staging
    where run_id = ${runId} and billing_period = ${billingPeriod}::date`;
  await sql`insert into cost_monthly_resource_costs (organization_id, integration_id, ${RESOURCE_COST_COLUMNS})
    select ${ownerValues}, ${RESOURCE_COST_COLUMNS} from ${stagedResourceCosts}`.execute(trx);
  await swapCommitments(trx, runId, owner, billingPeriod);
  await sql`delete from ${staged}`.execute(trx);
  await sql`delete from ${stagedResourceCosts}`.execute(trx);
}

/** Unblended spend per billing period: what the integration holds now, or what a run staged. */
export async function billingPeriodTotals(
  db: Kysely<DatabaseSchema>,
  of: { integrationId: string; billingPeriods: string[] } | { runId: string },
): Promise<Array<{ period: string; usd: number }>> {
  const rows =
    'runId' in of
      ? await sql<{ period: string; usd: string }>`
          select billing_period::text as period, sum(unblended_cost)::text as usd
          from cost_fact_staging where run_id = ${of.runId} group by billing_period`.execute(db)
      : of.billingPeriods.length === 0
        ? { rows: [] }
        : await sql<{ period: string; usd: string }>`
          select billing_period::text as period, sum(unblended_cost)::text as usd
          from cost_monthly_rollups
          where integration_id = ${of.integrationId}
            and billing_period in (${sql.join(of.billingPeriods.map((period) => sql`${period}::date`))})
          group by billing_period`.execute(db);
  return rows.rows.map((row) => ({ period: row.period, usd: Number(row.usd) }));
}

/** The billing periods an integration holds ('YYYY-MM-01'), ascending. */
export async function listStoredBillingPeriods(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
): Promise<string[]> {
  const rows = await sql<{ period: string }>`
    select distinct billing_period::text as period from cost_monthly_rollups
    where integration_id = ${integrationId} order by 1`.execute(db);
  return rows.rows.map((row) => row.period);
}

/** Exact sums as strings, for checks against the raw files. */
export async function sumFacts(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  groupBy: 'usage_date' | 'service_code' | 'usage_account_id',
) {
  return db
    .selectFrom('cost_daily_facts')
    .select([
      sql<string>`${sql.ref(groupBy)}::text`.as('key'),
      sql<string>`sum(unblended_cost)::text`.as('unblended'),
      sql<string>`sum(amortized_cost)::text`.as('amortized'),
    ])
    .where('integration_id', '=', integrationId)
    .groupBy(groupBy)
    .execute();
}

/** The usage accounts an integration's costs name, with the name the billing file gave each. */
export async function listUsageAccounts(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
): Promise<Array<{ id: string; name: string | null }>> {
  const accounts = await db
    .selectFrom('cost_monthly_rollups')
    .select('usage_account_id')
    .distinct()
    .where('integration_id', '=', integrationId)
    .orderBy('usage_account_id')
    .execute();
  const named = await db
    .selectFrom('cost_daily_facts')
    .select(['usage_account_id', (eb) => eb.fn.max('usage_account_name').as('name')])
    .where('integration_id', '=', integrationId)
    .where('usage_account_name', 'is not', null)
    .where('billing_period', '=', (eb) =>
      eb
        .selectFrom('cost_daily_facts')
        .select((inner) => inner.fn.max('billing_period').as('p'))
        .where('integration_id', '=', integrationId),
    )
    .groupBy('usage_account_id')
    .execute();
  const names = new Map(named.map((row) => [row.usage_account_id, row.name]));
  return accounts
    .filter((row) => row.usage_account_id !== '')
    .map((row) => ({ id: row.usage_account_id, name: names.get(row.usage_account_id) ?? null }));
}
