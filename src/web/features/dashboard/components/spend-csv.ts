/** The spend table as CSV: one row per series, its totals, then one column per bucket (dollars unrounded). */

import type { BillingData } from '../../../../contracts/billing-data.ts';
import { toSpreadsheetCsv } from '../../../../domain/spreadsheet-csv.ts';
import { isCompared } from './previous-period.ts';

export function spendToCsv(data: BillingData): string {
  const previous = new Map(data.previous_period.series.map((series) => [series.key, series.total]));
  // No comparison before the plan's history or the data: those cells stay empty rather than claim zero.
  const compared = isCompared(data);
  const before = (amount: number) => (compared ? amount : '');
  const change = (current: number, earlier: number) =>
    compared ? Number((current - earlier).toFixed(10)) : '';
  const groupHeader =
    data.group_by === 'tag' ? `Tag ${data.tag_key}` : data.group_by === 'provider' ? 'Provider' : 'Service';
  const header = [
    groupHeader,
    `Total ${data.start_date} to ${data.end_date} (USD)`,
    `Previous ${data.previous_period.start_date} to ${data.previous_period.end_date} (USD)`,
    'Change (USD)',
    ...data.buckets.map((bucket) => bucket.period),
  ];
  const rows = data.series.map((series) => {
    const earlier = previous.get(series.key) ?? 0;
    return [
      series.key,
      series.total,
      before(earlier),
      change(series.total, earlier),
      ...data.buckets.map((bucket) => bucket.amounts[series.key] ?? 0),
    ];
  });
  const total = [
    'Total',
    data.total,
    before(data.previous_period.total),
    change(data.total, data.previous_period.total),
    ...data.buckets.map((b) => b.total),
  ];
  return toSpreadsheetCsv([header, ...rows, total]);
}
