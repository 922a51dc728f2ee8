import { type CloudWatchClient, GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import {
  TRIPWIRE_HISTORY_MS,
  TRIPWIRE_RULES,
  type TripwirePeriod,
  tripwireJumped,
} from '../../../domain/meter-tripwire.ts';
import type { MeteredService } from '../../../domain/usage-prices.ts';

/** Metrics one tripwire read of a service asks for (GetMetricData bills each). */
export const TRIPWIRE_METRICS_PER_READ = 1;

/**
 * The account-level metric of a service in one region (no dimensions: the whole account), Sum per
 * period over the tripwire's history up to the last ended period.
 */
async function readAccountLevel(
  cloudWatch: CloudWatchClient,
  metric: { namespace: string; metricName: string },
  window: { endMs: number; periodMs: number },
): Promise<TripwirePeriod[]> {
  const answer = await cloudWatch.send(
    new GetMetricDataCommand({
      MetricDataQueries: [
        {
          Id: 'account',
          MetricStat: {
            Metric: { Namespace: metric.namespace, MetricName: metric.metricName, Dimensions: [] },
            Period: window.periodMs / 1000,
            Stat: 'Sum',
          },
        },
      ],
      StartTime: new Date(window.endMs - TRIPWIRE_HISTORY_MS),
      EndTime: new Date(window.endMs),
      ScanBy: 'TimestampAscending',
    }),
  );
  const result = answer.MetricDataResults?.[0];
  return (result?.Timestamps ?? []).map((timestamp, index) => ({
    periodStartMs: timestamp.getTime(),
    quantity: result?.Values?.[index] ?? 0,
  }));
}

/**
 * Whether a service's account-level metric jumped in its latest ended period (docs/decisions/136),
 * read at `periodMs` up to the last period ended at `nowMs`. A service without a tripwire never jumps.
 */
export async function tripwireTripped(
  cloudWatch: CloudWatchClient,
  service: MeteredService,
  nowMs: number,
  periodMs: number,
): Promise<boolean> {
  const rule = TRIPWIRE_RULES[service];
  if (!rule) return false;
  const window = { endMs: Math.floor(nowMs / periodMs) * periodMs, periodMs };
  return tripwireJumped(await readAccountLevel(cloudWatch, rule, window), window, rule);
}
