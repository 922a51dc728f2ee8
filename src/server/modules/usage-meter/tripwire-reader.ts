import { type CloudWatchClient, GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import {
  TRIPWIRE_HISTORY_MS,
  TRIPWIRE_RULES,
  type TripwirePeriod,
  type TripwireRule,
  tripwireJumped,
} from '../../../domain/meter-tripwire.ts';
import type { MeteredService } from '../../../domain/usage-prices.ts';

/**
 * The account-level metrics of a service in one region (no dimensions: the whole account), Sum per
 * period over the tripwire's history up to the last ended period, in one GetMetricData.
 */
async function readAccountLevel(
  cloudWatch: CloudWatchClient,
  rules: readonly TripwireRule[],
  window: { endMs: number; periodMs: number },
): Promise<TripwirePeriod[][]> {
  const answer = await cloudWatch.send(
    new GetMetricDataCommand({
      MetricDataQueries: rules.map((rule, index) => ({
        Id: `account${index}`,
        MetricStat: {
          Metric: { Namespace: rule.namespace, MetricName: rule.metricName, Dimensions: [] },
          Period: window.periodMs / 1000,
          Stat: 'Sum',
        },
      })),
      StartTime: new Date(window.endMs - TRIPWIRE_HISTORY_MS),
      EndTime: new Date(window.endMs),
      ScanBy: 'TimestampAscending',
    }),
  );
  return rules.map((_, index) => {
    const result = answer.MetricDataResults?.find((one) => one.Id === `account${index}`);
    return (result?.Timestamps ?? []).map((timestamp, at) => ({
      periodStartMs: timestamp.getTime(),
      quantity: result?.Values?.[at] ?? 0,
    }));
  });
}

/**
 * Whether any of a service's account-level metrics jumped in its latest ended period
 * (docs/decisions/136, 145), read at `periodMs` up to the last period ended at `nowMs`. A service
 * without a tripwire never jumps.
 */
export async function tripwireTripped(
  cloudWatch: CloudWatchClient,
  service: MeteredService,
  nowMs: number,
  periodMs: number,
): Promise<boolean> {
  const rules = TRIPWIRE_RULES[service] ?? [];
  if (rules.length === 0) return false;
  const window = { endMs: Math.floor(nowMs / periodMs) * periodMs, periodMs };
  const series = await readAccountLevel(cloudWatch, rules, window);
  return rules.some((rule, index) => tripwireJumped(series[index] ?? [], window, rule));
}
