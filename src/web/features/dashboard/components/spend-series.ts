import type { BillingData } from '../../../../contracts/billing-data.ts';
import { formatDay, formatMonth } from './spend-format.ts';

/** The chart draws the largest series; the rest are added up as one, so 80 services stay readable. */
export const MAX_CHART_SERIES = 8;
export const OTHER_SERIES = 'Other';

const PALETTE = [
  'blue.6',
  'teal.6',
  'violet.6',
  'orange.6',
  'cyan.7',
  'grape.6',
  'lime.7',
  'pink.6',
  'indigo.4',
];

export interface ChartSeries {
  key: string;
  color: string;
}

export function chartSeriesOf(data: BillingData): ChartSeries[] {
  const shown = data.series.slice(0, MAX_CHART_SERIES).map((series, index) => ({
    key: series.key,
    color: series.key === 'untagged' ? 'gray.5' : (PALETTE[index % PALETTE.length] ?? 'blue.6'),
  }));
  if (data.series.length > MAX_CHART_SERIES) shown.push({ key: OTHER_SERIES, color: 'gray.4' });
  return shown;
}

/** One row per bucket: its label and the amount of each drawn series. */
export function chartRowsOf(
  data: BillingData,
  series: ChartSeries[],
): Array<Record<string, string | number>> {
  const drawn = new Set(series.map((item) => item.key));
  return data.buckets.map((bucket) => {
    const row: Record<string, string | number> = {
      period: data.granularity === 'day' ? formatDay(bucket.period) : formatMonth(bucket.period),
    };
    let other = 0;
    for (const [key, amount] of Object.entries(bucket.amounts)) {
      if (drawn.has(key) && key !== OTHER_SERIES) row[key] = amount;
      else other += amount;
    }
    if (drawn.has(OTHER_SERIES)) row[OTHER_SERIES] = other;
    return row;
  });
}
