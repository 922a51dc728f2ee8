import type { BillingData, CostSeries } from '../../../../contracts/billing-data.ts';
import { providerLabel } from '../../../../domain/cloud-providers.ts';

const relabel = (series: CostSeries[]) =>
  series.map((entry) => ({ ...entry, key: providerLabel(entry.key) }));

/**
 * An answer split by provider names its series as the data does ('Microsoft'); the chart, table, movers
 * and CSV show the names people read ('Microsoft Azure').
 */
export function withProviderLabels(data: BillingData): BillingData {
  if (data.group_by !== 'provider') return data;
  return {
    ...data,
    series: relabel(data.series),
    buckets: data.buckets.map((bucket) => ({
      ...bucket,
      amounts: Object.fromEntries(
        Object.entries(bucket.amounts).map(([key, amount]) => [providerLabel(key), amount]),
      ),
    })),
    previous_period: { ...data.previous_period, series: relabel(data.previous_period.series) },
  };
}
