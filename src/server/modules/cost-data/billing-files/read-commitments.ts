import type { DuckDBConnection } from '@duckdb/node-api';
import type { BillingFileSource } from './billing-file-source.ts';
import { commitmentDaysSql, commitmentLinesSql, commitmentsSql } from './commitment-facts-sql.ts';
import { commitmentLineColumns } from './commitment-line-items.ts';
import type { BillCommitment, BillCommitments, BillingFileFormat, CommitmentDay } from './daily-cost-fact.ts';

const isoOfEpochMs = (value: unknown) =>
  value === null || value === undefined ? null : new Date(Number(value)).toISOString();
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The commitments a bill names and their amounts per day (decision 098), read in a second pass over
 * the file; a bill without commitment columns answers none. Small next to the facts: one row a
 * commitment and month, one a day, account and commitment.
 */
export async function readCommitments(
  connection: DuckDBConnection,
  source: BillingFileSource,
  format: BillingFileFormat,
): Promise<BillCommitments> {
  const columns = commitmentLineColumns(source, format);
  if (!columns) return { commitments: [], days: [] };
  const lines = commitmentLinesSql(source.relation, columns);
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
  const commitments = (await rows(commitmentsSql(lines))).map(
    (row): BillCommitment => ({
      billingPeriod: String(row.billing_period),
      commitmentId: String(row.commitment_id),
      kind: row.kind === 'reservation' ? 'reservation' : 'savings-plan',
      offering: String(row.offering),
      ownerAccountId: String(row.owner_account_id ?? ''),
      region: String(row.region),
      instanceFamily: String(row.instance_family),
      term: String(row.term),
      paymentOption: String(row.payment_option),
      hourlyCommitment: textOrNull(row.hourly_commitment),
      reservedCount: textOrNull(row.reserved_count),
      startsAt: isoOfEpochMs(row.starts_ms),
      endsAt: isoOfEpochMs(row.ends_ms),
      periodUnusedCommitment: String(row.period_unused),
    }),
  );
  const days = (await rows(commitmentDaysSql(lines))).map(
    (row): CommitmentDay => ({
      billingPeriod: String(row.billing_period),
      usageDate: String(row.usage_date),
      usageAccountId: String(row.usage_account_id),
      kind: row.kind === 'reservation' ? 'reservation' : 'savings-plan',
      commitmentId: String(row.commitment_id),
      totalCommitment: String(row.total_commitment),
      usedCommitment: String(row.used_commitment),
      coveredOnDemandCost: textOrNull(row.covered_on_demand_cost),
      coveredHours: String(row.covered_hours),
      uncoveredOnDemandCost: String(row.uncovered_on_demand_cost),
      uncoveredHours: String(row.uncovered_hours),
    }),
  );
  return { commitments, days };
}
