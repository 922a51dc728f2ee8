/**
 * Idle EC2 instances, with AWS Trusted Advisor's "Low Utilization Amazon EC2 Instances"
 * rule: over the last 14 days, a day is low-use when its max CPU is at most 10% and its network in
 * + out at most 5 MB; 4 or more such days make the instance idle. An instance whose CPU never went
 * above 1% on any of the 14 days is a candidate to terminate. A MB here is 1,000,000 bytes (SI, as
 * Trusted Advisor and CloudWatch's byte counts use it).
 */

import { addDays, eachDay, type IsoDay, monthKeyOf } from './calendar-days.ts';
import { HOURS_PER_MONTH } from './money.ts';

export const IDLE_WINDOW_DAYS = 14;
export const IDLE_LOW_USE_DAYS_REQUIRED = 4;
export const IDLE_MAX_CPU_PERCENT = 10;
export const BYTES_PER_MB = 1_000_000;
export const IDLE_MAX_NETWORK_BYTES = 5 * BYTES_PER_MB;
export const TERMINATE_MAX_CPU_PERCENT = 1;

export interface InstanceDayMetrics {
  date: IsoDay;
  /** Highest CPUUtilization of the day, in percent; null when CloudWatch has no datapoint. */
  maxCpuPercent: number | null;
  /** NetworkIn and NetworkOut summed over the day, in bytes. */
  networkInBytes: number | null;
  networkOutBytes: number | null;
}

export type IdleVerdict = 'terminate-candidate' | 'idle' | 'in-use' | 'not-enough-data';

export interface IdleInstanceFinding {
  verdict: IdleVerdict;
  lowUseDays: number;
  /** Days of the window with both CPU and network metrics. */
  observedDays: number;
  /** Highest daily max CPU seen in the window; null without CPU data. */
  peakCpuPercent: number | null;
  /** What the instance costs a month (730 h) if it is idle; 0 when in use; null without a price. */
  monthlyWasteUsd: number | null;
  why: string;
}

export interface IdleInstanceInput {
  days: readonly InstanceDayMetrics[];
  /** The last complete day of the 14-day window. */
  windowEnd: IsoDay;
  /** What the instance costs an hour (the bill's real cost when known, else list price). */
  hourlyCostUsd: number | null;
}

type DayUse = 'low' | 'busy' | 'unknown';

function dayUse(metrics: InstanceDayMetrics | undefined): DayUse {
  if (metrics?.maxCpuPercent == null) return 'unknown';
  if (metrics.maxCpuPercent > IDLE_MAX_CPU_PERCENT) return 'busy';
  if (metrics.networkInBytes == null || metrics.networkOutBytes == null) return 'unknown';
  return metrics.networkInBytes + metrics.networkOutBytes <= IDLE_MAX_NETWORK_BYTES ? 'low' : 'busy';
}

function verdictFor(counts: Record<DayUse, number>, cpuDays: number, peakCpu: number | null): IdleVerdict {
  if (cpuDays === IDLE_WINDOW_DAYS && peakCpu !== null && peakCpu <= TERMINATE_MAX_CPU_PERCENT) {
    return 'terminate-candidate';
  }
  if (counts.low >= IDLE_LOW_USE_DAYS_REQUIRED) return 'idle';
  // Busy only if the days without metrics could not have made it idle either.
  if (counts.low + counts.unknown < IDLE_LOW_USE_DAYS_REQUIRED) return 'in-use';
  return 'not-enough-data';
}

function explain(verdict: IdleVerdict, counts: Record<DayUse, number>, peakCpu: number | null): string {
  switch (verdict) {
    case 'terminate-candidate':
      return `CPU never went above ${peakCpu}% in ${IDLE_WINDOW_DAYS} days: nothing seems to run on it; stop or terminate it.`;
    case 'idle':
      return `On ${counts.low} of the last ${IDLE_WINDOW_DAYS} days CPU stayed at or under ${IDLE_MAX_CPU_PERCENT}% and network at or under 5 MB (AWS Trusted Advisor's idle rule).`;
    case 'in-use':
      return `Only ${counts.low} of the last ${IDLE_WINDOW_DAYS} days had low use; it is working.`;
    case 'not-enough-data':
      return `Metrics are missing for ${counts.unknown} of the last ${IDLE_WINDOW_DAYS} days, too many to tell whether it is idle.`;
  }
}

export function evaluateIdleInstance({
  days,
  windowEnd,
  hourlyCostUsd,
}: IdleInstanceInput): IdleInstanceFinding {
  const byDay = new Map(days.map((metrics) => [metrics.date, metrics]));
  const window = eachDay(addDays(windowEnd, -(IDLE_WINDOW_DAYS - 1)), windowEnd).map((day) => byDay.get(day));
  const counts: Record<DayUse, number> = { low: 0, busy: 0, unknown: 0 };
  for (const metrics of window) counts[dayUse(metrics)] += 1;
  const cpuValues = window.flatMap((metrics) =>
    metrics?.maxCpuPercent == null ? [] : [metrics.maxCpuPercent],
  );
  const peakCpu = cpuValues.length === 0 ? null : Math.max(...cpuValues);
  const verdict = verdictFor(counts, cpuValues.length, peakCpu);
  const isWaste = verdict === 'idle' || verdict === 'terminate-candidate';
  return {
    verdict,
    lowUseDays: counts.low,
    observedDays: window.filter(
      (m) => m?.maxCpuPercent != null && m.networkInBytes != null && m.networkOutBytes != null,
    ).length,
    peakCpuPercent: peakCpu,
    monthlyWasteUsd: hourlyCostUsd === null ? null : isWaste ? hourlyCostUsd * HOURS_PER_MONTH : 0,
    why: explain(verdict, counts, peakCpu),
  };
}

/** An idle instance is reported once a month (the month of the window's last day). */
export function idleInstanceDedupeKey(ruleId: string, instanceId: string, windowEnd: IsoDay): string {
  return `idle-ec2:${ruleId}:${instanceId}:${monthKeyOf(windowEnd)}`;
}
