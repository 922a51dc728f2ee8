/**
 * Hourly CloudWatch rows of one instance, as the collector stores them, regrouped by UTC day for the
 * idle rule (daily max CPU, daily network in and out) and the rightsizing rule (each day's hourly maxima).
 */

import type { IsoDay } from './calendar-days.ts';
import type { HourlyMaxima } from './hourly-metrics-window.ts';
import type { InstanceDayMetrics } from './idle-instances.ts';

export interface InstanceHourMetrics {
  /** Start of the hour, an ISO UTC timestamp. */
  hour: string;
  cpuMaxPercent: number | null;
  cpuAveragePercent: number | null;
  networkInBytes: number | null;
  networkOutBytes: number | null;
  memoryMaxPercent: number | null;
}

function groupByDay(hours: readonly InstanceHourMetrics[]): Map<IsoDay, InstanceHourMetrics[]> {
  const days = new Map<IsoDay, InstanceHourMetrics[]>();
  for (const row of hours) {
    const day = row.hour.slice(0, 10);
    const rows = days.get(day) ?? [];
    rows.push(row);
    days.set(day, rows);
  }
  return days;
}

const present = (values: Array<number | null>) => values.filter((value): value is number => value !== null);

function maxOrNull(values: Array<number | null>): number | null {
  const known = present(values);
  return known.length === 0 ? null : Math.max(...known);
}

function sumOrNull(values: Array<number | null>): number | null {
  const known = present(values);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

/** One row per day that has any hour: the day's highest CPU and its network bytes summed. */
export function idleRuleDays(hours: readonly InstanceHourMetrics[]): InstanceDayMetrics[] {
  return [...groupByDay(hours)].map(([date, rows]) => ({
    date,
    maxCpuPercent: maxOrNull(rows.map((row) => row.cpuMaxPercent)),
    networkInBytes: sumOrNull(rows.map((row) => row.networkInBytes)),
    networkOutBytes: sumOrNull(rows.map((row) => row.networkOutBytes)),
  }));
}

/** Each day's hourly maxima of CPU or memory; hours without the metric are left out. */
export function hourlyMaximaByDay(
  hours: readonly InstanceHourMetrics[],
  metric: 'cpu' | 'memory',
): HourlyMaxima[] {
  const pick = (row: InstanceHourMetrics) => (metric === 'cpu' ? row.cpuMaxPercent : row.memoryMaxPercent);
  return [...groupByDay(hours)].map(([date, rows]) => ({ date, hourlyMax: present(rows.map(pick)) }));
}
