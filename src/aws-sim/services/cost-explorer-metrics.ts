import type { CostMetric } from './cost-explorer-request.ts';

/** One aggregated row: a period, its group keys, and exact decimal sums. */
export interface CostRow {
  period: string;
  groups: string[];
  unblended: string;
  net_unblended: string;
  amortized: string;
  usage_quantity: number;
}

type MoneyField = 'unblended' | 'net_unblended' | 'amortized';

/** The company has no blended-rate discounts, so blended equals unblended and net equals gross. */
const MONEY_FIELDS: Partial<Record<CostMetric, MoneyField>> = {
  UnblendedCost: 'unblended',
  BlendedCost: 'unblended',
  NetUnblendedCost: 'net_unblended',
  AmortizedCost: 'amortized',
  NetAmortizedCost: 'amortized',
};

function metricValue(row: CostRow | undefined, metric: CostMetric): { Amount: string; Unit: string } {
  const field = MONEY_FIELDS[metric];
  if (field) return { Amount: row?.[field] ?? '0', Unit: 'USD' };
  // Usage of different services has different units; Cost Explorer reports the mix as N/A.
  return { Amount: String(Number((row?.usage_quantity ?? 0).toFixed(10))), Unit: 'N/A' };
}

export function metricsOf(row: CostRow | undefined, metrics: CostMetric[]) {
  return Object.fromEntries(metrics.map((metric) => [metric, metricValue(row, metric)]));
}
