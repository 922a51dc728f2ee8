import {
  type CloudWatchClient,
  GetMetricDataCommand,
  type MetricDataQuery,
  paginateListMetrics,
} from '@aws-sdk/client-cloudwatch';
import { inMeterWindow, type MeterWindow, windowParts } from '../../../domain/usage-meter-window.ts';
import type { MeteredCharge } from '../../../domain/usage-prices.ts';

/** GetMetricData takes at most 500 queries in one call. */
const QUERIES_PER_CALL = 500;

/** One metric of one resource, read as `Sum` per period and turned into a charge's billed unit. */
export interface MeterQuery {
  charge: MeteredCharge;
  resourceId: string;
  namespace: string;
  metricName: string;
  dimensionName: string;
  /** Billed units per unit of the metric (bytes to GB, milliseconds to GB-seconds at the memory size). */
  factor: number;
}

export interface MeteredResourcePeriods {
  resourceId: string;
  periods: Array<{ periodStartMs: number; quantity: number }>;
}

export interface ChargeRead {
  resources: MeteredResourcePeriods[];
  /** Metrics asked for (GetMetricData's price is per metric requested). */
  metricsRequested: number;
  /** Datapoints dated outside the window (the future, far back): left out of the spend. */
  leftOut: number;
  /** Every resource asked for, with data or not. */
  listedResources: string[];
}

/**
 * The dimension values of a metric with that single dimension, as ListMetrics lists them (metrics
 * with data in the last two weeks); a metric with more dimensions (a table's index) is not the resource's.
 */
export async function listDimensionValues(
  client: CloudWatchClient,
  metric: { namespace: string; metricName: string; dimensionName: string },
): Promise<string[]> {
  const values = new Set<string>();
  for await (const page of paginateListMetrics(
    { client },
    { Namespace: metric.namespace, MetricName: metric.metricName },
  )) {
    for (const listed of page.Metrics ?? []) {
      const dimensions = listed.Dimensions ?? [];
      if (dimensions.length !== 1 || dimensions[0]?.Name !== metric.dimensionName) continue;
      if (dimensions[0].Value) values.add(dimensions[0].Value);
    }
  }
  return [...values].sort();
}

function toQuery(query: MeterQuery, index: number, periodMs: number): MetricDataQuery {
  return {
    Id: `q${index}`,
    MetricStat: {
      Metric: {
        Namespace: query.namespace,
        MetricName: query.metricName,
        Dimensions: [{ Name: query.dimensionName, Value: query.resourceId }],
      },
      Period: periodMs / 1000,
      Stat: 'Sum',
    },
  };
}

/**
 * Each charge's quantity per resource and ended period of the window, the metrics of one charge and
 * resource summed: batched GetMetricData calls (500 queries each, following NextToken). A period
 * without datapoints has no row ("no data"), never 0; a datapoint dated outside the window is left
 * out and counted.
 */
export async function readChargePeriods(
  client: CloudWatchClient,
  queries: readonly MeterQuery[],
  window: MeterWindow,
): Promise<Map<MeteredCharge, ChargeRead>> {
  const byCharge = new Map<MeteredCharge, ChargeRead & { sums: Map<string, Map<number, number>> }>();
  const chargeOf = (charge: MeteredCharge) => {
    let entry = byCharge.get(charge);
    if (!entry) {
      entry = { resources: [], metricsRequested: 0, leftOut: 0, listedResources: [], sums: new Map() };
      byCharge.set(charge, entry);
    }
    return entry;
  };
  for (const query of queries) {
    const entry = chargeOf(query.charge);
    entry.metricsRequested += 1;
    if (!entry.sums.has(query.resourceId)) {
      entry.sums.set(query.resourceId, new Map());
      entry.listedResources.push(query.resourceId);
    }
  }
  const parts = windowParts(window);
  for (const entry of byCharge.values()) entry.metricsRequested *= parts.length;
  for (const part of parts) {
    for (let offset = 0; offset < queries.length; offset += QUERIES_PER_CALL) {
      const batch = queries.slice(offset, offset + QUERIES_PER_CALL);
      let nextToken: string | undefined;
      do {
        const answer = await client.send(
          new GetMetricDataCommand({
            MetricDataQueries: batch.map((query, index) => toQuery(query, index, part.periodMs)),
            StartTime: new Date(part.startMs),
            EndTime: new Date(part.endMs),
            ScanBy: 'TimestampAscending',
            NextToken: nextToken,
          }),
        );
        for (const result of answer.MetricDataResults ?? []) {
          const query = batch[Number(/^q(\d+)$/.exec(result.Id ?? '')?.[1])];
          if (!query) continue;
          const entry = chargeOf(query.charge);
          const periods = entry.sums.get(query.resourceId)!;
          (result.Timestamps ?? []).forEach((timestamp, index) => {
            const atMs = timestamp.getTime();
            if (!inMeterWindow(part, atMs)) {
              entry.leftOut += 1;
              return;
            }
            const quantity = (result.Values?.[index] ?? 0) * query.factor;
            periods.set(atMs, (periods.get(atMs) ?? 0) + quantity);
          });
        }
        nextToken = answer.NextToken;
      } while (nextToken);
    }
  }
  for (const entry of byCharge.values())
    entry.resources = [...entry.sums]
      .filter(([, periods]) => periods.size > 0)
      .map(([resourceId, periods]) => ({
        resourceId,
        periods: [...periods].map(([periodStartMs, quantity]) => ({ periodStartMs, quantity })),
      }));
  return new Map([...byCharge].map(([charge, { sums: _sums, ...read }]) => [charge, read]));
}
