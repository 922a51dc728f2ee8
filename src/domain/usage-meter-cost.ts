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
