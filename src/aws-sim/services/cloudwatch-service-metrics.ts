import { connectionsAt } from '../company/databases.ts';
import type { MetricSample } from '../company/instance-metrics.ts';
import { loadBalancerDimension } from '../company/load-balancers.ts';
import { BYTES_PER_BILLED_GB, NAT_PROCESSED_METRICS } from '../company/nat-gateway-traffic.ts';
import type { CompanyServices, SimNatGateway } from '../company/network-services.ts';
import { HOUR_MS } from '../company/timeline.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { datapointsOf, type MetricIdentity, type MetricWindow } from './cloudwatch-metric-data.ts';

/**
 * The metrics the idle finders read: load balancers' requests and new flows, databases' connections
 * (kept hourly), and the bytes of generated NAT gateways (every minute, at their fixed daily rate).
 */

type Datapoints = Array<{ timestamp: number; value: number }>;
const MINUTE_MS = 60_000;

const sample = (value: number): MetricSample => ({
  average: value,
  maximum: value,
  minimum: value,
  sum: value,
  sampleCount: 1,
});

function onlyDimension(metric: MetricIdentity, name: string): string | undefined {
  const [dimension, ...others] = metric.Dimensions ?? [];
  return others.length === 0 && dimension?.Name === name ? dimension.Value : undefined;
}

/** One sample per finished hour of the bucket from `from` on, where `valueAt` gives one. */
function hourly(
  window: MetricWindow,
  from: number,
  valueAt: (hourMs: number) => number | undefined,
): Datapoints {
  return datapointsOf(window, (bucketStart, bucketEnd) => {
    const samples: MetricSample[] = [];
    for (let hour = bucketStart; hour < bucketEnd && hour + HOUR_MS <= window.nowMs; hour += HOUR_MS) {
      const value = hour >= from ? valueAt(hour) : undefined;
      if (value !== undefined) samples.push(sample(value));
    }
    return samples;
  });
}

const LOAD_BALANCER_METRICS: Record<string, { metricName: string; type: 'application' | 'network' }> = {
  'AWS/ApplicationELB': { metricName: 'RequestCount', type: 'application' },
  'AWS/NetworkELB': { metricName: 'NewFlowCount', type: 'network' },
};

function generatedNatDatapoints(gateway: SimNatGateway, metric: MetricIdentity, window: MetricWindow) {
  const share = NAT_PROCESSED_METRICS[metric.MetricName as keyof typeof NAT_PROCESSED_METRICS];
  if (share === undefined || gateway.gbPerDay === undefined) return [];
  const bytesPerMinute = ((gateway.gbPerDay * BYTES_PER_BILLED_GB) / 1440) * share;
  return datapointsOf(window, (bucketStart, bucketEnd) => {
    const first = Math.max(bucketStart, Math.ceil(gateway.createdAt / MINUTE_MS) * MINUTE_MS);
    const last = Math.min(bucketEnd, Math.floor(window.nowMs / MINUTE_MS) * MINUTE_MS);
    const minutes = Math.max(0, Math.floor((last - first) / MINUTE_MS));
    // One combined sample for the bucket: its sum is what the minutes add up to.
    return minutes === 0
      ? []
      : [
          {
            average: bytesPerMinute,
            maximum: bytesPerMinute,
            minimum: bytesPerMinute,
            sum: bytesPerMinute * minutes,
            sampleCount: minutes,
          },
        ];
  });
}

/**
 * The datapoints of a load balancer, database or generated NAT gateway metric in the caller's account
 * and region; undefined when the metric is none of those (another reader answers it).
 */
export function serviceMetricDatapoints(
  services: CompanyServices,
  context: CallContext,
  metric: MetricIdentity,
  window: MetricWindow,
): Datapoints | undefined {
  const here = <T extends { accountId: string; region: string }>(entry: T) =>
    entry.accountId === context.identity.accountId && entry.region === context.region;
  const balancerMetric = LOAD_BALANCER_METRICS[metric.Namespace];
  if (balancerMetric) {
    const dimension = onlyDimension(metric, 'LoadBalancer');
    const lb = services.loadBalancers.find(
      (candidate) =>
        here(candidate) &&
        candidate.type === balancerMetric.type &&
        loadBalancerDimension(candidate.arn) === dimension,
    );
    if (!lb || metric.MetricName !== balancerMetric.metricName) return [];
    // Elastic Load Balancing publishes a request count only for periods with requests.
    return hourly(window, lb.createdAt, () => (lb.perHour > 0 ? lb.perHour : undefined));
  }
  if (metric.Namespace === 'AWS/RDS') {
    const identifier = onlyDimension(metric, 'DBInstanceIdentifier');
    const database = services.databases.find(
      (candidate) => here(candidate) && candidate.identifier === identifier,
    );
    if (!database || metric.MetricName !== 'DatabaseConnections') return [];
    return hourly(window, database.createdAt, (hour) =>
      database.status === 'stopped' ? undefined : connectionsAt(database, hour),
    );
  }
  if (metric.Namespace === 'AWS/NATGateway') {
    const id = onlyDimension(metric, 'NatGatewayId');
    const gateway = services.natGateways.find(
      (candidate) => here(candidate) && candidate.natGatewayId === id && candidate.gbPerDay !== undefined,
    );
    return gateway ? generatedNatDatapoints(gateway, metric, window) : undefined;
  }
  return undefined;
}
