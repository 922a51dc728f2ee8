import type { CompanyModel } from '../company/company-model.ts';
import type { NatLeak } from '../company/nat-gateway-traffic.ts';
import type { CompanyServices } from '../company/network-services.ts';
import {
  seriesMinutes,
  surgeOnlySeries,
  type UsageMetricSeries,
  type UsageSurge,
} from '../company/usage-metrics.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { datapointsOf, type MetricIdentity, type MetricWindow } from './cloudwatch-metric-data.ts';

/** What the company's usage metrics read: its model and the leaks and surges started since (the demo's scenarios). */
export interface UsageTraffic {
  model: CompanyModel;
  leaks: readonly NatLeak[];
  /** Lambda, Logs and DynamoDB usage the bill charges (company/usage-metrics.ts). */
  series: readonly UsageMetricSeries[];
  surges: readonly UsageSurge[];
  /** Resources deleted since the start (`namespace|dimension value|account`): no datapoints from then on. */
  deletedAtMs: ReadonlyMap<string, number>;
  /** Datapoints dated outside the asked window the next answer carries (a publisher with a wrong clock). */
  stray: { future: number; past: number };
  /** Load balancers, databases and generated NAT gateways (their requests, connections, bytes). */
  services: CompanyServices;
}

/** The key a deleted resource is kept under. */
export const deletedKey = (namespace: string, dimensionValue: string, accountId: string) =>
  `${namespace}|${dimensionValue}|${accountId}`;

/**
 * The namespaces that also publish each metric for the whole account and region, without
 * dimensions, as the sum of every resource's (what the meter's tripwire reads, docs/decisions/136).
 */
const ACCOUNT_LEVEL_NAMESPACES = new Set(['AWS/Lambda', 'AWS/Logs']);

/** The usage series (usual and surges) in the caller's account and region. */
export function usageSeriesInScope(traffic: UsageTraffic, context: CallContext): UsageMetricSeries[] {
  return [...traffic.series, ...surgeOnlySeries(traffic.series, traffic.surges)].filter(
    (series) => series.accountId === context.identity.accountId && series.region === context.region,
  );
}

/**
 * The series a metric asks for: the one resource its single dimension names, or, without
 * dimensions in an account-level namespace, every resource's series of that metric.
 */
function seriesOfMetric(series: readonly UsageMetricSeries[], metric: MetricIdentity) {
  const [dimension, ...others] = metric.Dimensions ?? [];
  const sameMetric = series.filter(
    (candidate) => candidate.namespace === metric.Namespace && candidate.metricName === metric.MetricName,
  );
  if (!dimension) return ACCOUNT_LEVEL_NAMESPACES.has(metric.Namespace) ? sameMetric : [];
  if (others.length > 0) return [];
  return sameMetric.filter(
    (candidate) => candidate.dimensionName === dimension.Name && candidate.dimensionValue === dimension.Value,
  );
}

/** A usage metric's datapoints: its series' minutes (summed when it is the account's), none once deleted. */
export function usageDatapointsOf(
  traffic: UsageTraffic,
  inScope: readonly UsageMetricSeries[],
  metric: MetricIdentity,
  window: MetricWindow,
) {
  const series = seriesOfMetric(inScope, metric);
  if (series.length === 0) return [];
  return datapointsOf(window, (startMs, endMs) =>
    series.flatMap((one) =>
      seriesMinutes(one, traffic.surges, {
        startMs,
        endMs,
        nowMs: window.nowMs,
        deletedAtMs: traffic.deletedAtMs.get(deletedKey(one.namespace, one.dimensionValue, one.accountId)),
      }).map(({ value }) => ({ average: value, maximum: value, minimum: value, sum: value, sampleCount: 1 })),
    ),
  );
}

/** The usage metrics ListMetrics lists: each resource's, and each account-level metric once. */
export function publishedUsageMetrics(inScope: readonly UsageMetricSeries[]): MetricIdentity[] {
  const perResource = inScope.map((series) => ({
    Namespace: series.namespace,
    MetricName: series.metricName,
    Dimensions: [{ Name: series.dimensionName, Value: series.dimensionValue }],
  }));
  const accountLevel = new Map<string, MetricIdentity>();
  for (const series of inScope)
    if (ACCOUNT_LEVEL_NAMESPACES.has(series.namespace))
      accountLevel.set(`${series.namespace}|${series.metricName}`, {
        Namespace: series.namespace,
        MetricName: series.metricName,
        Dimensions: [],
      });
  return [...perResource, ...accountLevel.values()];
}
