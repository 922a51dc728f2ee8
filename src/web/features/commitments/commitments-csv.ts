/** The Commitments page's tables as CSVs a spreadsheet opens as they are, never as a formula. */

import type { CommitmentBilledElsewhere, CommitmentRow } from '../../../contracts/commitments.ts';
import { type CsvCell, toSpreadsheetCsv } from '../../../domain/spreadsheet-csv.ts';

const round = (value: number | null, digits: number) =>
  value === null ? null : Number(value.toFixed(digits));

type Columns<Row> = Array<[string, (row: Row) => CsvCell]>;

const COLUMNS: Columns<CommitmentRow> = [
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

/** A scope's part of the commitments billed to other accounts, as its table shows it. */
const BILLED_ELSEWHERE_COLUMNS: Columns<CommitmentBilledElsewhere> = [
  ['Commitment', (row) => row.id],
  ['Type', (row) => row.type],
  ['Billed to account', (row) => row.owner_account_id],
  ['Starts', (row) => row.starts_at],
  ['Ends', (row) => row.ends_at],
  ['Days until end', (row) => row.days_until_end],
  ['State', (row) => row.state],
  ['Your share (%)', (row) => round(row.share_percent, 2)],
  ['Covered hours', (row) => round(row.covered_hours, 6)],
  ['Covered at On-Demand (USD)', (row) => round(row.covered_on_demand_usd, 6)],
  ['Cost under it (USD)', (row) => round(row.cost_usd, 6)],
  ['Net savings (USD)', (row) => round(row.net_savings_usd, 6)],
];

function toCsv<Row>(columns: Columns<Row>, rows: readonly Row[]): string {
  return toSpreadsheetCsv([
    columns.map(([header]) => header),
    ...rows.map((row) => columns.map(([, value]) => value(row))),
  ]);
}

export function commitmentsToCsv(rows: readonly CommitmentRow[]): string {
  return toCsv(COLUMNS, rows);
}

export function commitmentsBilledElsewhereToCsv(rows: readonly CommitmentBilledElsewhere[]): string {
  return toCsv(BILLED_ELSEWHERE_COLUMNS, rows);
}
