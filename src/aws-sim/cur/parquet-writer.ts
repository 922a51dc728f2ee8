import { createHash, randomUUID } from 'node:crypto';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { DuckDBInstance } from '@duckdb/node-api';
import { touchOnFileSystemClock } from '../cache-file-ages.ts';
import { accountById } from '../company/company-profile.ts';
import type { LineItem } from '../company/line-item.ts';
import { CUR_COLUMNS, MONEY_TYPE } from './cur-columns.ts';
import { moneyUnitsToDecimal } from './money-format.ts';

/**
 * Rows go to DuckDB as tab-separated text (much faster than appending value by value) in this flat
 * shape; the COPY then builds the CUR 2.0 columns, maps included. Money is written as exact decimal
 * text, so DECIMAL(38,10) holds the generator's amounts to the last digit.
 */
const STAGING_COLUMNS: Array<[string, string]> = [
  ['account_id', 'VARCHAR'],
  ['account_name', 'VARCHAR'],
  ['line_item_type', 'VARCHAR'],
  ['start_at', 'TIMESTAMP'],
  ['end_at', 'TIMESTAMP'],
  ['product_code', 'VARCHAR'],
  ['product_name', 'VARCHAR'],
  ['usage_type', 'VARCHAR'],
  ['operation', 'VARCHAR'],
  ['resource_id', 'VARCHAR'],
  ['usage_amount', 'DOUBLE'],
  ['unblended', MONEY_TYPE],
  ['region', 'VARCHAR'],
  ['pricing_term', 'VARCHAR'],
  ['instance_type', 'VARCHAR'],
  ['reservation_arn', 'VARCHAR'],
  ['reservation_effective', MONEY_TYPE],
  ['reservation_unused_upfront', MONEY_TYPE],
  ['reservation_unused_recurring', MONEY_TYPE],
  ['savings_plan_arn', 'VARCHAR'],
  ['savings_plan_effective', MONEY_TYPE],
  ['savings_plan_commitment', MONEY_TYPE],
  ['savings_plan_used', MONEY_TYPE],
  ['tag_team', 'VARCHAR'],
  ['tag_env', 'VARCHAR'],
  ['tag_project', 'VARCHAR'],
  ['public_on_demand', MONEY_TYPE],
  ['commitment_offering', 'VARCHAR'],
  ['commitment_term', 'VARCHAR'],
  ['commitment_payment', 'VARCHAR'],
  ['commitment_start', 'VARCHAR'],
  ['commitment_end', 'VARCHAR'],
  ['commitment_count', 'DOUBLE'],
];

const NULL_TEXT = '\\N';
const timestampText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Thousands of rows share a handful of days and accounts: format each once. */
function memoized<K, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

const accountName = memoized((accountId: string) => accountById(accountId)?.name ?? '');

function stagingLine(row: LineItem, timestamp: (ms: number) => string): string {
  const cells = [
    row.accountId,
    accountName(row.accountId),
    row.type,
    timestamp(row.start),
    timestamp(row.end),
    row.productCode,
    row.productName,
    row.usageType,
    row.operation,
    row.resourceId,
    String(row.usageAmount),
    moneyUnitsToDecimal(row.unblended),
    row.region,
    row.pricingTerm,
    row.instanceType ?? NULL_TEXT,
    row.reservationArn ?? '',
    moneyUnitsToDecimal(row.reservationEffectiveCost ?? 0),
    moneyUnitsToDecimal(row.reservationUnusedAmortizedUpfront ?? 0),
    moneyUnitsToDecimal(row.reservationUnusedRecurringFee ?? 0),
    row.savingsPlanArn ?? '',
    moneyUnitsToDecimal(row.savingsPlanEffectiveCost ?? 0),
    moneyUnitsToDecimal(row.savingsPlanTotalCommitment ?? 0),
    moneyUnitsToDecimal(row.savingsPlanUsedCommitment ?? 0),
    row.tags.team ?? NULL_TEXT,
    row.tags.env ?? NULL_TEXT,
    row.tags.project ?? NULL_TEXT,
    row.publicOnDemandCost === undefined ? NULL_TEXT : moneyUnitsToDecimal(row.publicOnDemandCost),
    ...commitmentCells(row),
  ];
  return cells.join('\t');
}

/** The commitment columns of a fee or covered line: its offering, term, payment option, dates and count. */
function commitmentCells(row: LineItem): string[] {
  const terms = row.commitment;
  if (!terms) return [NULL_TEXT, NULL_TEXT, NULL_TEXT, NULL_TEXT, NULL_TEXT, NULL_TEXT];
  return [
    terms.offeringType || NULL_TEXT,
    terms.term,
    terms.paymentOption,
    new Date(terms.startMs).toISOString(),
    new Date(terms.endMs).toISOString(),
    terms.count === undefined ? NULL_TEXT : String(terms.count),
  ];
}

export interface ParquetPeriod {
  start: number;
  end: number;
  payerAccountId: string;
}

function curColumnExpressions(period: ParquetPeriod): Record<string, string> {
  return {
    bill_billing_period_start_date: `TIMESTAMP '${timestampText(period.start)}'`,
    bill_billing_period_end_date: `TIMESTAMP '${timestampText(period.end)}'`,
    bill_payer_account_id: `'${period.payerAccountId}'`,
    bill_payer_account_name: `'${accountById(period.payerAccountId)?.name ?? ''}'`,
    line_item_usage_account_id: 'account_id',
    line_item_usage_account_name: 'account_name',
    line_item_line_item_type: 'line_item_type',
    line_item_usage_start_date: 'start_at',
    line_item_usage_end_date: 'end_at',
    line_item_product_code: 'product_code',
    line_item_usage_type: 'usage_type',
    line_item_operation: 'operation',
    line_item_resource_id: 'resource_id',
    line_item_usage_amount: 'usage_amount',
    line_item_unblended_cost: 'unblended',
    line_item_blended_cost: 'unblended',
    line_item_net_unblended_cost: 'unblended',
    line_item_currency_code: `'USD'`,
    product_region_code: 'region',
    product: `map_from_entries(list_filter([
      {'key': 'product_name', 'value': product_name}, {'key': 'servicecode', 'value': product_code},
      {'key': 'region', 'value': nullif(region, '')}, {'key': 'instance_type', 'value': instance_type}],
      entry -> entry.value IS NOT NULL))`,
    pricing_term: 'pricing_term',
    reservation_reservation_a_r_n: 'reservation_arn',
    reservation_effective_cost: 'reservation_effective',
    reservation_unused_amortized_upfront_fee_for_billing_period: 'reservation_unused_upfront',
    reservation_unused_recurring_fee: 'reservation_unused_recurring',
    savings_plan_savings_plan_a_r_n: 'savings_plan_arn',
    savings_plan_savings_plan_effective_cost: 'savings_plan_effective',
    savings_plan_total_commitment_to_date: 'savings_plan_commitment',
    savings_plan_used_commitment: 'savings_plan_used',
    savings_plan_offering_type: `CASE WHEN savings_plan_arn <> '' THEN commitment_offering END`,
    savings_plan_purchase_term: `CASE WHEN savings_plan_arn <> '' THEN commitment_term END`,
    savings_plan_payment_option: `CASE WHEN savings_plan_arn <> '' THEN commitment_payment END`,
    savings_plan_start_time: `CASE WHEN savings_plan_arn <> '' THEN commitment_start END`,
    savings_plan_end_time: `CASE WHEN savings_plan_arn <> '' THEN commitment_end END`,
    reservation_start_time: `CASE WHEN reservation_arn <> '' THEN commitment_start END`,
    reservation_end_time: `CASE WHEN reservation_arn <> '' THEN commitment_end END`,
    reservation_number_of_reservations: `CASE WHEN reservation_arn <> '' THEN commitment_count END`,
    pricing_public_on_demand_cost: 'public_on_demand',
    pricing_lease_contract_length: `CASE WHEN reservation_arn <> '' THEN commitment_term END`,
    pricing_purchase_option: `CASE WHEN reservation_arn <> '' THEN commitment_payment END`,
    resource_tags: `map_from_entries(list_filter([
      {'key': 'user_team', 'value': tag_team}, {'key': 'user_env', 'value': tag_env},
      {'key': 'user_project', 'value': tag_project}], entry -> entry.value IS NOT NULL))`,
  };
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Writes the line items of one billing period as a snappy-compressed CUR 2.0 Parquet file in
 * `directory` and answers its path. Files are named by a hash of their content, so a cached file is
 * reused only when the generator would write exactly the same rows.
 */
export async function writeCurParquet(
  instance: DuckDBInstance,
  rows: LineItem[],
  period: ParquetPeriod,
  directory: string,
): Promise<string> {
  const staging = await stagingText(rows);
  const expressions = curColumnExpressions(period);
  const select = CUR_COLUMNS.map(([name, type]) => `CAST(${expressions[name]} AS ${type}) AS ${name}`).join(
    ',\n',
  );
  const digest = createHash('sha256').update(select).update(staging).digest('hex').slice(0, 32);
  const filePath = path.join(directory, `cur-${digest}.snappy.parquet`);
  if (await exists(filePath)) {
    // Reuse marks the file as fresh, so pruning by age only removes what nothing generates any more.
    await touchOnFileSystemClock(filePath).catch(() => undefined);
    return filePath;
  }
  const partialPath = `${filePath}.${process.pid}.${randomUUID()}.partial`;
  const stagingPath = `${partialPath}.tsv`;
  await writeFile(stagingPath, staging);
  const columns = STAGING_COLUMNS.map(([name, type]) => `${sqlText(name)}: ${sqlText(type)}`).join(', ');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT ${select} FROM read_csv(${sqlText(stagingPath)}, delim = '\t', header = false, quote = '',
        escape = '', nullstr = '\\N', columns = {${columns}}))
       TO ${sqlText(partialPath)} (FORMAT parquet, COMPRESSION snappy)`,
    );
    await rename(partialPath, filePath);
    return filePath;
  } finally {
    connection.closeSync();
    await rm(stagingPath, { force: true });
    await rm(partialPath, { force: true });
  }
}

const STAGING_CHUNK_ROWS = 2_000;

/** The rows as tab-separated lines, 2,000 at a time, giving the thread back in between. */
async function stagingText(rows: LineItem[]): Promise<string> {
  const timestamp = memoized(timestampText);
  const chunks: string[] = [];
  for (let from = 0; from < rows.length; from += STAGING_CHUNK_ROWS) {
    if (from > 0) await setImmediate();
    chunks.push(
      rows
        .slice(from, from + STAGING_CHUNK_ROWS)
        .map((row) => stagingLine(row, timestamp))
        .join('\n'),
    );
  }
  return chunks.join('\n');
}

async function exists(filePath: string): Promise<boolean> {
  return stat(filePath).then(
    () => true,
    () => false,
  );
}
