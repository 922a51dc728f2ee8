import type { FleetInstance } from '../company/fleet.ts';
import {
  combineSamples,
  hourlySample,
  type InstanceMetricName,
  type MetricSample,
} from '../company/instance-metrics.ts';
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

/**
 * Datapoints of one metric, oldest first: one per period that holds at least one finished hour of
 * data. The simulator keeps hourly data, so periods are whole hours.
 */
export function metricDatapoints(
  instance: FleetInstance,
  metricName: InstanceMetricName,
  window: { start: number; end: number; period: number; stat: string; nowMs: number },
): Array<{ timestamp: number; value: number }> {
  const periodMs = window.period * 1000;
  const datapoints: Array<{ timestamp: number; value: number }> = [];
  const firstBucket = Math.floor(window.start / periodMs) * periodMs;
  for (let bucket = firstBucket; bucket < window.end; bucket += periodMs) {
    const samples: MetricSample[] = [];
    for (let hour = bucket; hour < bucket + periodMs && hour + HOUR_MS <= window.nowMs; hour += HOUR_MS) {
      const sample = hourlySample(instance, metricName, hour);
      if (sample) samples.push(sample);
    }
    const combined = combineSamples(samples);
    if (combined) datapoints.push({ timestamp: bucket, value: STATISTICS[window.stat]!(combined) });
  }
  return datapoints;
}
