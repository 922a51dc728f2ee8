/**
 * The recommendations list as a spreadsheet: the same columns from the API's export and the screen's
 * download. Every cell goes through `spreadsheet-csv.ts`, so a tag or name that looks like a formula
 * is written as text.
 */

import { type RecommendationSource, SOURCE_NAMES } from './imported-recommendations.ts';
import { toSpreadsheetCsv } from './spreadsheet-csv.ts';

export interface RecommendationCsvRow {
  kind: string;
  source: RecommendationSource;
  resource_id: string;
  name: string | null;
  account_id: string;
  region: string;
  owner: { name: string } | null;
  monthly_savings: number | null;
  price: { known: true; source: string } | { known: false; reason: string };
  why: string;
  action: { kind: string; reason: string | null } | null;
}

const HEADER = [
  'Kind',
  'Source',
  'Resource',
  'Name',
  'Account',
  'Region',
  'Owner',
  'Monthly savings (USD)',
  'Price',
  'Why',
  'Action',
  'Reason',
];

export function recommendationsCsv(rows: readonly RecommendationCsvRow[]): string {
  return toSpreadsheetCsv([
    HEADER,
    ...rows.map((row) => [
      row.kind,
      SOURCE_NAMES[row.source],
      row.resource_id,
      row.name,
      row.account_id,
      row.region,
      row.owner?.name ?? null,
      row.monthly_savings,
      row.price.known ? row.price.source : `price unknown: ${row.price.reason}`,
      row.why,
      row.action?.kind ?? null,
      row.action?.reason ?? null,
    ]),
  ]);
}
