/** The findings table as a CSV a spreadsheet opens as it is, never as a formula (dollars unrounded to cents). */

import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { type CsvCell, toSpreadsheetCsv } from '../../../../domain/spreadsheet-csv.ts';
import { FINDING_NAMES, LABEL_NAMES, PRICE_SOURCE_NAMES } from './finding-language.ts';

const COLUMNS: Array<[string, (finding: Ec2FindingView) => CsvCell]> = [
  ['Instance ID', (f) => f.instance_id],
  ['Name', (f) => f.name],
  ['Account', (f) => f.account_id],
  ['Region', (f) => f.region],
  ['State', (f) => f.state],
  ['Finding', (f) => FINDING_NAMES[f.finding]],
  ['Labels', (f) => f.labels.map((label) => LABEL_NAMES[label]).join('; ')],
  ['Current type', (f) => f.current_type],
  ['Recommended type', (f) => f.recommended_type],
  ['CPU percentile', (f) => f.percentile],
  ['CPU at percentile (%)', (f) => roundTo(f.cpu_percentile, 2)],
  ['Memory (GiB)', (f) => f.memory_gib],
  ['Memory used at percentile (%)', (f) => roundTo(f.memory_percentile, 2)],
  ['Monthly cost now (USD)', (f) => roundTo(f.monthly_cost_now, 2)],
  ['Monthly cost after (USD)', (f) => roundTo(f.monthly_cost_after, 2)],
  ['Monthly savings (USD)', (f) => roundTo(f.monthly_savings, 2)],
  ['Price source', (f) => PRICE_SOURCE_NAMES[f.price_source]],
  ['Why', (f) => f.why],
  ['Set aside', (f) => (f.action ? f.action.kind : '')],
];

function roundTo(value: number | null, digits: number): number | null {
  return value === null ? null : Number(value.toFixed(digits));
}

export function findingsToCsv(findings: readonly Ec2FindingView[]): string {
  return toSpreadsheetCsv([
    COLUMNS.map(([header]) => header),
    ...findings.map((finding) => COLUMNS.map(([, value]) => value(finding))),
  ]);
}
