/**
 * The meter's account-level tripwire (docs/decisions/136, 145). Between a service's per-resource
 * reads, the meter asks every interval for the metrics CloudWatch publishes for the whole account and
 * region without dimensions (Lambda `Invocations` and `Duration`, Logs `IncomingBytes`). When the
 * latest ended period of any of them runs well above the pace of the hours before, the per-resource
 * read is made due at once: a read covers every period since its cursor, so an early read loses and
 * double-counts nothing.
 */

import type { MeteredService } from './usage-prices.ts';

/** How far back the usual pace is taken from: the tripwire's own read asks for these hours (same price). */
export const TRIPWIRE_HISTORY_MS = 3 * 3_600_000;

/** The jump that makes a read due: above `factor` times the usual pace, and by at least `minimumPerHour`. */
export interface TripwireRule {
  namespace: string;
  metricName: string;
  factor: number;
  /** In the metric's own unit an hour: a quiet account's small wobble never trips it. */
  minimumPerHour: number;
}

/** Ten hours of run time an hour, in Lambda's `Duration` unit (milliseconds): ten more always-busy runs. */
const TEN_HOURS_MS = 10 * 3_600_000;

/**
 * The services with a tripwire, each with the metrics it watches: Lambda's requests (which a loop
 * multiplies; 10,000 more an hour is about 3 a second) and run time (which a slow or hung downstream
 * multiplies at the same requests; ten hours more an hour is $0.075 an hour at 128 MB and $0.60 at
 * 1 GB), and Logs (1 GB an hour more is $0.50 an hour ingested).
 */
export const TRIPWIRE_RULES: Partial<Record<MeteredService, readonly TripwireRule[]>> = {
  lambda: [
    { namespace: 'AWS/Lambda', metricName: 'Invocations', factor: 3, minimumPerHour: 10_000 },
    { namespace: 'AWS/Lambda', metricName: 'Duration', factor: 3, minimumPerHour: TEN_HOURS_MS },
  ],
  logs: [{ namespace: 'AWS/Logs', metricName: 'IncomingBytes', factor: 3, minimumPerHour: 2 ** 30 }],
};

/** Metrics one tripwire read of a service asks for (GetMetricData bills each). */
export const tripwireMetricsOf = (service: MeteredService): number => TRIPWIRE_RULES[service]?.length ?? 0;

export interface TripwirePeriod {
  periodStartMs: number;
  quantity: number;
}

/**
 * Whether the latest ended period (the one ending at `endMs`) jumped: its pace an hour is above
 * `factor` times the mean pace of the periods before it in the history, and above it by at least the
 * minimum. A period without a datapoint counts as 0 in the history (Lambda and Logs publish only
 * non-zero values); a latest period without one is no jump (it may still be arriving).
 */
export function tripwireJumped(
  periods: readonly TripwirePeriod[],
  window: { endMs: number; periodMs: number; historyMs?: number },
  rule: Pick<TripwireRule, 'factor' | 'minimumPerHour'>,
): boolean {
  const { endMs, periodMs } = window;
  const latestStartMs = endMs - periodMs;
  const historyStartMs = endMs - (window.historyMs ?? TRIPWIRE_HISTORY_MS);
  const latest = periods.find((period) => period.periodStartMs === latestStartMs);
  if (!latest) return false;
  const before = periods.filter(
    (period) => period.periodStartMs >= historyStartMs && period.periodStartMs < latestStartMs,
  );
  const perHour = 3_600_000 / periodMs;
  const latestPerHour = latest.quantity * perHour;
  const usualPerHour =
    (before.reduce((sum, period) => sum + period.quantity, 0) / (latestStartMs - historyStartMs)) * 3_600_000;
  return latestPerHour > rule.factor * usualPerHour && latestPerHour - usualPerHour >= rule.minimumPerHour;
}
