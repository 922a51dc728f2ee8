import type { DuckDBConnection } from '@duckdb/node-api';
import type { DailyCostFact, MonthlyResourceCost } from './daily-cost-fact.ts';

/**
 * One JSON array of text per fact: reading one value per row from DuckDB and parsing it with
 * JSON.parse is about three times faster than reading nineteen values, and JSON keeps any text exact.
 */
function dailyCostFactRowsSql(table: string): string {
  return `SELECT CAST(to_json([
      strftime(usage_date, '%Y-%m-%d'), strftime(billing_period, '%Y-%m-%d'), provider,
      billing_account_id, usage_account_id, usage_account_name, service_code, service_name, region,
      usage_type, charge_type, resource_id, tags, currency,
      CAST(unblended_cost AS VARCHAR), CAST(amortized_cost AS VARCHAR), CAST(net_cost AS VARCHAR),
      CAST(usage_quantity AS VARCHAR), CAST(line_items AS VARCHAR)
    ]) AS VARCHAR) AS fact
  FROM ${table}
  ORDER BY billing_period, usage_date`;
}

function monthlyResourceCostRowsSql(table: string): string {
  return `SELECT CAST(to_json([
      strftime(billing_period, '%Y-%m-%d'), provider, usage_account_id, service_code, service_name, region,
      usage_type, resource_id, currency,
      CAST(unblended_cost AS VARCHAR), CAST(amortized_cost AS VARCHAR), CAST(net_cost AS VARCHAR),
      CAST(usage_quantity AS VARCHAR), CAST(line_items AS VARCHAR)
    ]) AS VARCHAR) AS cost
  FROM ${table}
  ORDER BY billing_period`;
}

/** Streams the facts in batches of batchSize (the last may be smaller), fetching one DuckDB chunk at a time. */
export function streamDailyCostFacts(
  connection: DuckDBConnection,
  table: string,
  batchSize: number,
): AsyncGenerator<DailyCostFact[]> {
  return streamRows(connection, dailyCostFactRowsSql(table), batchSize, factFromRow);
}

/** Streams each resource's monthly costs in batches, as streamDailyCostFacts does the facts. */
export function streamMonthlyResourceCosts(
  connection: DuckDBConnection,
  table: string,
  batchSize: number,
): AsyncGenerator<MonthlyResourceCost[]> {
  return streamRows(connection, monthlyResourceCostRowsSql(table), batchSize, resourceCostFromRow);
}

async function* streamRows<T>(
  connection: DuckDBConnection,
  sql: string,
  batchSize: number,
  fromRow: (json: string) => T,
): AsyncGenerator<T[]> {
  const result = await connection.stream(sql);
  let batch: T[] = [];
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (const row of chunk.getColumnValues(0)) {
      batch.push(fromRow(String(row)));
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

type FactRow = [
  string,
  string,
  string,
  string,
  string,
  string | null,
  string,
  string,
  string,
  string,
  string,
  string | null,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

function factFromRow(json: string): DailyCostFact {
  const [
    usageDate,
    billingPeriod,
    provider,
    billingAccountId,
    usageAccountId,
    usageAccountName,
    serviceCode,
    serviceName,
    region,
    usageType,
    chargeType,
    resourceId,
    tags,
    currency,
    unblendedCost,
    amortizedCost,
    netCost,
    usageQuantity,
    lineItems,
  ] = JSON.parse(json) as FactRow;
  return {
    usageDate,
    billingPeriod,
    provider,
    billingAccountId,
    usageAccountId,
    usageAccountName,
    serviceCode,
    serviceName,
    region,
    usageType,
    chargeType,
    resourceId,
    tags: JSON.parse(tags) as Record<string, string>,
    currency,
    unblendedCost,
    amortizedCost,
    netCost,
    usageQuantity,
    lineItems: Number(lineItems),
  };
}

type ResourceCostRow = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

function resourceCostFromRow(json: string): MonthlyResourceCost {
  const [
    billingPeriod,
    provider,
    usageAccountId,
    serviceCode,
    serviceName,
    region,
    usageType,
    resourceId,
    currency,
    unblendedCost,
    amortizedCost,
    netCost,
    usageQuantity,
    lineItems,
  ] = JSON.parse(json) as ResourceCostRow;
  return {
    billingPeriod,
    provider,
    usageAccountId,
    serviceCode,
    serviceName,
    region,
    usageType,
    resourceId,
    currency,
    unblendedCost,
    amortizedCost,
    netCost,
    usageQuantity,
    lineItems: Number(lineItems),
  };
}
