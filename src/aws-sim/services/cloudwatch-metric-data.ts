import type { CompanyModel } from '../company/company-model.ts';
import type { FleetInstance } from '../company/fleet.ts';
import {
  combineSamples,
  hourlySample,
  type InstanceMetricName,
  type MetricSample,
} from '../company/instance-metrics.ts';
import {
  NAT_PROCESSED_METRICS,
  type NatGateway,
  type NatLeak,
  type NatProcessedMetric,
  natMetricMinutes,
} from '../company/nat-gateway-traffic.ts';
import { HOUR_MS } from '../company/timeline.ts';
import { AwsError } from '../protocol/aws-error.ts';

export interface MetricDimension {
  Name: string;
  Value?: string;
}

export interface MetricIdentity {
  Namespace: string;
  MetricName: string;
  Dimensions: MetricDimension[];
}

const NAT_NAMESPACE = 'AWS/NATGateway';

const NAMESPACE_METRICS: Record<string, InstanceMetricName[]> = {
  'AWS/EC2': ['CPUUtilization', 'NetworkIn', 'NetworkOut'],
  CWAgent: ['mem_used_percent'],
};

/** The metrics each instance publishes, all with the single dimension InstanceId. */
export function publishedMetrics(instance: FleetInstance): MetricIdentity[] {
  const dimensions = [{ Name: 'InstanceId', Value: instance.instanceId }];
  const metrics = NAMESPACE_METRICS['AWS/EC2']!.map((MetricName) => ({
    Namespace: 'AWS/EC2',
    MetricName,
    Dimensions: dimensions,
  }));
  if (instance.memoryUsedPercent !== undefined) {
    metrics.push({ Namespace: 'CWAgent', MetricName: 'mem_used_percent', Dimensions: dimensions });
  }
  return metrics;
}

/** CloudWatch matches a metric only on its exact dimension set. */
export function findInstanceForMetric(
  fleet: FleetInstance[],
  metric: MetricIdentity,
): FleetInstance | undefined {
  const names = NAMESPACE_METRICS[metric.Namespace];
  if (!names?.includes(metric.MetricName as InstanceMetricName)) return undefined;
  const [dimension, ...others] = metric.Dimensions ?? [];
  if (others.length > 0 || dimension?.Name !== 'InstanceId') return undefined;
  const instance = fleet.find((candidate) => candidate.instanceId === dimension.Value);
  if (metric.Namespace === 'CWAgent' && instance?.memoryUsedPercent === undefined) return undefined;
  return instance;
}

const STATISTICS: Record<string, (sample: MetricSample) => number> = {
  Average: (sample) => sample.average,
  Maximum: (sample) => sample.maximum,
  Minimum: (sample) => sample.minimum,
  Sum: (sample) => sample.sum,
  SampleCount: (sample) => sample.sampleCount,
};

export function assertStatistic(stat: string, field: string): void {
  if (!STATISTICS[stat]) {
    throw new AwsError(
      'InvalidParameterValue',
      `The value ${stat} for parameter ${field} is not a valid statistic: use Average, Maximum, Minimum, Sum or SampleCount.`,
    );
  }
}

export interface MetricWindow {
  start: number;
  end: number;
  period: number;
  stat: string;
  nowMs: number;
}

/** One datapoint per period of the window whose samples are not empty, oldest first, of the asked statistic. */
export function datapointsOf(
  window: MetricWindow,
  samplesIn: (bucketStart: number, bucketEnd: number) => MetricSample[],
): Array<{ timestamp: number; value: number }> {
  const periodMs = window.period * 1000;
  const datapoints: Array<{ timestamp: number; value: number }> = [];
  for (let bucket = Math.floor(window.start / periodMs) * periodMs; bucket < window.end; bucket += periodMs) {
    const combined = combineSamples(samplesIn(bucket, bucket + periodMs));
    if (combined) datapoints.push({ timestamp: bucket, value: STATISTICS[window.stat]!(combined) });
  }
  return datapoints;
}

/**
 * Datapoints of one metric, oldest first: one per period that holds at least one finished hour of
 * data. The simulator keeps hourly data, so periods are whole hours.
 */
export function metricDatapoints(
  instance: FleetInstance,
  metricName: InstanceMetricName,
  window: MetricWindow,
): Array<{ timestamp: number; value: number }> {
  return datapointsOf(window, (bucketStart, bucketEnd) => {
    const samples: MetricSample[] = [];
    for (let hour = bucketStart; hour < bucketEnd && hour + HOUR_MS <= window.nowMs; hour += HOUR_MS) {
      const sample = hourlySample(instance, metricName, hour);
      if (sample) samples.push(sample);
    }
    return samples;
  });
}

/** The NAT gateway metrics the simulator publishes, with the dimension NatGatewayId. */
export function publishedNatMetrics(gateway: NatGateway): MetricIdentity[] {
  return (Object.keys(NAT_PROCESSED_METRICS) as NatProcessedMetric[]).map((MetricName) => ({
    Namespace: NAT_NAMESPACE,
    MetricName,
    Dimensions: [{ Name: 'NatGatewayId', Value: gateway.natGatewayId }],
  }));
}

export function findNatGatewayForMetric(
  gateways: NatGateway[],
  metric: MetricIdentity,
): NatGateway | undefined {
  if (metric.Namespace !== NAT_NAMESPACE || !(metric.MetricName in NAT_PROCESSED_METRICS)) return undefined;
  const [dimension, ...others] = metric.Dimensions ?? [];
  if (others.length > 0 || dimension?.Name !== 'NatGatewayId') return undefined;
  return gateways.find((gateway) => gateway.natGatewayId === dimension.Value);
}

/**
 * Datapoints of a NAT gateway metric, oldest first: NAT gateways publish every minute, so a period is
 * any multiple of 60 s; a period holds the finished minutes inside it (Sum, or the statistics of
 * those one-minute values).
 */
export function natDatapoints(
  traffic: { model: CompanyModel; leaks: readonly NatLeak[] },
  gateway: NatGateway,
  metricName: NatProcessedMetric,
  window: MetricWindow,
): Array<{ timestamp: number; value: number }> {
  return datapointsOf(window, (startMs, endMs) =>
    natMetricMinutes(traffic.model, traffic.leaks, gateway, metricName, {
      startMs,
      endMs,
      nowMs: window.nowMs,
    }).map(({ bytes }) => ({ average: bytes, maximum: bytes, minimum: bytes, sum: bytes, sampleCount: 1 })),
  );
}
