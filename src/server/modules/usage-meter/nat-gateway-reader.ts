import {
  type CloudWatchClient,
  GetMetricDataCommand,
  type MetricDataQuery,
  paginateListMetrics,
} from '@aws-sdk/client-cloudwatch';
import { inMeterWindow, METER_PERIOD_MS, type MeterWindow } from '../../../domain/usage-meter-window.ts';
import { BYTES_PER_BILLED_GB } from '../../../domain/usage-prices.ts';

/**
 * A NAT gateway's data-processing charge follows the bytes it processed in both directions: out to
 * the destination, and the answers back out to the clients in the VPC (docs/decisions/091). Both
 * are CloudWatch `AWS/NATGateway` metrics published every minute, read as `Sum`.
 */
export const NAT_PROCESSED_METRICS = ['BytesOutToDestination', 'BytesOutToSource'] as const;
const NAMESPACE = 'AWS/NATGateway';
/** GetMetricData takes at most 500 queries in one call. */
const QUERIES_PER_CALL = 500;

export interface MeteredResourcePeriods {
  resourceId: string;
  periods: Array<{ periodStartMs: number; quantity: number }>;
}

export interface NatGatewayRead {
  resources: MeteredResourcePeriods[];
  /** Metrics asked for (GetMetricData's price is per metric requested). */
  metricsRequested: number;
  /** Datapoints dated outside the window (the future, far back): left out of the spend. */
  leftOut: number;
}

/** The NAT gateways with processed-bytes metrics in the region (ListMetrics lists the last two weeks). */
export async function listNatGateways(client: CloudWatchClient): Promise<string[]> {
  const ids = new Set<string>();
  for await (const page of paginateListMetrics(
    { client },
    { Namespace: NAMESPACE, MetricName: NAT_PROCESSED_METRICS[0] },
  )) {
    for (const metric of page.Metrics ?? []) {
      const id = metric.Dimensions?.find((dimension) => dimension.Name === 'NatGatewayId')?.Value;
      if (id) ids.add(id);
    }
  }
  return [...ids].sort();
}

function queriesOf(gatewayIds: readonly string[]): MetricDataQuery[] {
  return gatewayIds.flatMap((gatewayId, gatewayIndex) =>
    NAT_PROCESSED_METRICS.map((MetricName, metricIndex) => ({
      Id: `g${gatewayIndex}m${metricIndex}`,
      MetricStat: {
        Metric: {
          Namespace: NAMESPACE,
          MetricName,
          Dimensions: [{ Name: 'NatGatewayId', Value: gatewayId }],
        },
        Period: METER_PERIOD_MS / 1000,
        Stat: 'Sum',
      },
    })),
  );
}

/**
 * The GB each NAT gateway processed in each ended period of the window, both metrics summed: batched
 * GetMetricData calls (500 queries each, following NextToken). A period without datapoints has no row
 * ("no data"), never 0.
 */
export async function readNatGatewayPeriods(
  client: CloudWatchClient,
  gatewayIds: readonly string[],
  window: MeterWindow,
): Promise<NatGatewayRead> {
  const queries = queriesOf(gatewayIds);
  const byGateway = new Map<string, Map<number, number>>();
  let leftOut = 0;
  for (let offset = 0; offset < queries.length; offset += QUERIES_PER_CALL) {
    const batch = queries.slice(offset, offset + QUERIES_PER_CALL);
    let nextToken: string | undefined;
    do {
      const answer = await client.send(
        new GetMetricDataCommand({
          MetricDataQueries: batch,
          StartTime: new Date(window.startMs),
          EndTime: new Date(window.endMs),
          ScanBy: 'TimestampAscending',
          NextToken: nextToken,
        }),
      );
      for (const result of answer.MetricDataResults ?? []) {
        const gatewayIndex = Number(/^g(\d+)m/.exec(result.Id ?? '')?.[1]);
        const gatewayId = gatewayIds[gatewayIndex];
        if (gatewayId === undefined) continue;
        const periods = byGateway.get(gatewayId) ?? new Map<number, number>();
        byGateway.set(gatewayId, periods);
        (result.Timestamps ?? []).forEach((timestamp, index) => {
          const atMs = timestamp.getTime();
          if (!inMeterWindow(window, atMs)) {
            leftOut += 1;
            return;
          }
          const gb = (result.Values?.[index] ?? 0) / BYTES_PER_BILLED_GB;
          periods.set(atMs, (periods.get(atMs) ?? 0) + gb);
        });
      }
      nextToken = answer.NextToken;
    } while (nextToken);
  }
  return {
    resources: [...byGateway].map(([resourceId, periods]) => ({
      resourceId,
      periods: [...periods].map(([periodStartMs, quantity]) => ({ periodStartMs, quantity })),
    })),
    metricsRequested: queries.length,
    leftOut,
  };
}
