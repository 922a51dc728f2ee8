/**
 * What the usage meter itself costs in the customer's AWS account (docs/decisions/094): CloudWatch
 * bills GetMetricData at $0.01 per 1,000 metrics requested, so a month costs the metrics each read
 * asks for times the reads in 30 days at each service's cadence.
 */

import { roundToCents } from './money.ts';

export const GET_METRIC_DATA_USD_PER_METRIC = 0.01 / 1000;
const MONTH_MS = 30 * 86_400_000;

export interface MeterReadShape {
  /** Metrics one read of this series asks for. */
  metricsPerRead: number;
  /** How often the series is read. */
  readEveryMs: number;
}

/** Metrics requested in 30 days. */
export function metricsPerMonth(reads: readonly MeterReadShape[]): number {
  return reads.reduce((total, read) => total + read.metricsPerRead * (MONTH_MS / read.readEveryMs), 0);
}

/** Dollars a month GetMetricData costs for these reads, in cents. */
export function meterMonthlyCostUsd(reads: readonly MeterReadShape[]): number {
  return roundToCents(metricsPerMonth(reads) * GET_METRIC_DATA_USD_PER_METRIC);
}

/**
 * How often a service is read: its own cadence (slower for services with many resources, so the
 * meter stays cheap) but never more often than the meter's interval.
 */
export function serviceReadEveryMs(intervalSeconds: number, serviceSeconds: number | undefined): number {
  return Math.max(intervalSeconds, serviceSeconds ?? 0) * 1000;
}

/**
 * The tripwire's reads of a service in a region (docs/decisions/136): its metrics every interval
 * when the service's own read is not due, so as many times a month as the interval's reads less the
 * service's. None when the service is read at every interval.
 */
export function tripwireReadShape(
  metricsPerRead: number,
  intervalMs: number,
  serviceEveryMs: number,
): MeterReadShape | undefined {
  if (serviceEveryMs <= intervalMs) return undefined;
  return { metricsPerRead, readEveryMs: 1 / (1 / intervalMs - 1 / serviceEveryMs) };
}
