/** The commitments table as a CSV a spreadsheet opens as it is, never as a formula. */

import type { CommitmentRow } from '../../../contracts/commitments.ts';
import { type CsvCell, toSpreadsheetCsv } from '../../../domain/spreadsheet-csv.ts';

const round = (value: number | null, digits: number) =>
  value === null ? null : Number(value.toFixed(digits));

const COLUMNS: Array<[string, (row: CommitmentRow) => CsvCell]> = [
  ['Commitment', (row) => row.id],
  ['Type', (row) => row.type],
  ['Owner account', (row) => row.owner_account_id],
  ['Region', (row) => row.region],
  ['Term', (row) => row.term],
  ['Payment option', (row) => row.payment_option],
  ['Hourly commitment (USD)', (row) => row.hourly_commitment_usd],
  ['Reserved count', (row) => row.reserved_count],
  ['Starts', (row) => row.starts_at],
  ['Ends', (row) => row.ends_at],
  ['Days until end', (row) => row.days_until_end],
  ['State', (row) => row.state],
  ['Returnable until', (row) => row.returnable_until],
  ['Utilization (%)', (row) => round(row.utilization_percent, 2)],
  ['Total commitment (USD)', (row) => round(row.total_commitment_usd, 6)],
  ['Used commitment (USD)', (row) => round(row.used_commitment_usd, 6)],
  ['Unused commitment (USD)', (row) => round(row.unused_commitment_usd, 6)],
  ['On-Demand equivalent (USD)', (row) => round(row.on_demand_equivalent_usd, 6)],
  ['Net savings (USD)', (row) => round(row.net_savings_usd, 6)],
  ['Source', (row) => row.source],
  ['AWS state', (row) => row.aws_state],
  ['Rates (AWS API)', (row) => row.rates],
];

export function commitmentsToCsv(rows: readonly CommitmentRow[]): string {
  return toSpreadsheetCsv([
    COLUMNS.map(([header]) => header),
    ...rows.map((row) => COLUMNS.map(([, value]) => value(row))),
  ]);
}
