import type { DuckDBConnection } from '@duckdb/node-api';
import type { BillingFileContainer, BillingFileFormat, BillingFileSummary } from './daily-cost-fact.ts';

/**
 * What a file holds, read from the facts DuckDB just built: the ingest needs the billing periods before
 * it replaces them, and must flag spend in a currency other than USD. Totals add every currency up.
 */
export async function summarizeDailyCostFacts(
  connection: DuckDBConnection,
  table: string,
  kind: { format: BillingFileFormat; container: BillingFileContainer },
): Promise<BillingFileSummary> {
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
  const [totals] = await rows(`SELECT
      CAST(coalesce(sum(line_items), 0) AS DOUBLE) AS line_items, CAST(count(*) AS DOUBLE) AS facts,
      strftime(min(usage_date), '%Y-%m-%d') AS first_day, strftime(max(usage_date), '%Y-%m-%d') AS last_day,
      CAST(count(DISTINCT usage_date) AS DOUBLE) AS days,
      CAST(coalesce(sum(unblended_cost), 0) AS VARCHAR) AS unblended,
      CAST(coalesce(sum(amortized_cost), 0) AS VARCHAR) AS amortized,
      CAST(coalesce(sum(net_cost), 0) AS VARCHAR) AS net
    FROM ${table}`);
  const periods = await rows(
    `SELECT DISTINCT strftime(billing_period, '%Y-%m-%d') AS period FROM ${table} ORDER BY period`,
  );
  const providers = await rows(
    `SELECT provider, CAST(sum(unblended_cost) AS VARCHAR) AS unblended FROM ${table} GROUP BY provider ORDER BY provider`,
  );
  const currencies = await rows(
    `SELECT currency, CAST(sum(unblended_cost) AS VARCHAR) AS unblended FROM ${table} GROUP BY currency ORDER BY currency`,
  );
  return {
    ...kind,
    lineItems: Number(totals?.line_items ?? 0),
    facts: Number(totals?.facts ?? 0),
    billingPeriods: periods.map((row) => String(row.period)),
    firstUsageDate: String(totals?.first_day ?? ''),
    lastUsageDate: String(totals?.last_day ?? ''),
    days: Number(totals?.days ?? 0),
    providers: providers.map((row) => String(row.provider)),
    providerCosts: providers.map((row) => ({
      provider: String(row.provider),
      unblendedCost: String(row.unblended),
    })),
    currencies: currencies.map((row) => ({
      currency: String(row.currency),
      nonUsd: row.currency !== 'USD',
      unblendedCost: String(row.unblended),
    })),
    totalUnblendedCost: String(totals?.unblended ?? '0'),
    totalAmortizedCost: String(totals?.amortized ?? '0'),
    totalNetCost: String(totals?.net ?? '0'),
  };
}
