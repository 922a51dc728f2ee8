import type { FleetInstance } from './fleet.ts';
import { between, jitter } from './seeded-random.ts';
import { weekdayFactor } from './spend-shape.ts';
import { HOUR_MS, startOfUtcDay } from './timeline.ts';

export type InstanceMetricName = 'CPUUtilization' | 'NetworkIn' | 'NetworkOut' | 'mem_used_percent';

/** One hour of a metric, as CloudWatch aggregates its 5-minute samples. */
export interface MetricSample {
  average: number;
  maximum: number;
  minimum: number;
  sum: number;
  sampleCount: number;
}

/** Basic monitoring: one sample every five minutes. */
const SAMPLES_PER_HOUR = 12;

/** Business-hours curve peaking mid-afternoon UTC, lower at weekends. */
function loadCurve(hourStart: number): number {
  const hourOfDay = new Date(hourStart).getUTCHours();
  const daytime = 0.55 + 0.7 * Math.max(0, Math.sin(((hourOfDay - 8) / 24) * 2 * Math.PI));
  return daytime * weekdayFactor(startOfUtcDay(hourStart));
}

function cpuSample(instance: FleetInstance, hourStart: number): MetricSample {
  const key = `${instance.instanceId}/cpu/${hourStart}`;
  const ceiling = instance.cpuPeak;
  const average = Math.min(
    ceiling * 0.85,
    Math.max(0.05, instance.cpuAverage * loadCurve(hourStart) * jitter(key, 0.25)),
  );
  const maximum = Math.min(ceiling, average * between(`${key}/max`, 1.25, 2.1));
  return {
    average,
    maximum,
    minimum: average * between(`${key}/min`, 0.4, 0.8),
    sum: average * SAMPLES_PER_HOUR,
    sampleCount: SAMPLES_PER_HOUR,
  };
}

function networkSample(
  instance: FleetInstance,
  metric: 'NetworkIn' | 'NetworkOut',
  hourStart: number,
): MetricSample {
  const key = `${instance.instanceId}/${metric}/${hourStart}`;
  const share = metric === 'NetworkIn' ? 1 : 0.7;
  const bytes = instance.networkBytesPerHour * share * loadCurve(hourStart) * jitter(key, 0.3);
  const perSample = bytes / SAMPLES_PER_HOUR;
  return {
    average: perSample,
    maximum: perSample * between(`${key}/max`, 1.2, 1.9),
    minimum: perSample * between(`${key}/min`, 0.3, 0.8),
    sum: bytes,
    sampleCount: SAMPLES_PER_HOUR,
  };
}

function memorySample(percent: number, instance: FleetInstance, hourStart: number): MetricSample {
  const key = `${instance.instanceId}/mem/${hourStart}`;
  const average = percent * jitter(key, 0.06);
  return {
    average,
    maximum: Math.min(100, average * between(`${key}/max`, 1.01, 1.08)),
    minimum: average * 0.96,
    sum: average * SAMPLES_PER_HOUR,
    sampleCount: SAMPLES_PER_HOUR,
  };
}

/** The hour's sample, or undefined when the instance was not running the whole hour or lacks the metric. */
export function hourlySample(
  instance: FleetInstance,
  metric: InstanceMetricName,
  hourStart: number,
): MetricSample | undefined {
  const hourEnd = hourStart + HOUR_MS;
  if (instance.launchTime >= hourEnd || (instance.stoppedAt !== undefined && instance.stoppedAt <= hourStart))
    return undefined;
  if (metric === 'CPUUtilization') return cpuSample(instance, hourStart);
  if (metric === 'mem_used_percent') {
    return instance.memoryUsedPercent === undefined
      ? undefined
      : memorySample(instance.memoryUsedPercent, instance, hourStart);
  }
  return networkSample(instance, metric, hourStart);
}

/** Rolls hourly samples up into one datapoint of a longer period. */
export function combineSamples(samples: MetricSample[]): MetricSample | undefined {
  if (samples.length === 0) return undefined;
  const sampleCount = samples.reduce((total, sample) => total + sample.sampleCount, 0);
  const sum = samples.reduce((total, sample) => total + sample.sum, 0);
  return {
    average: sum / sampleCount,
    maximum: Math.max(...samples.map((sample) => sample.maximum)),
    minimum: Math.min(...samples.map((sample) => sample.minimum)),
    sum,
    sampleCount,
  };
}
