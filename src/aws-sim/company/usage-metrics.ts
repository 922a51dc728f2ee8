import type { CompanyModel } from './company-model.ts';
import { ACCOUNTS } from './company-profile.ts';
import { resourceUsageUnits } from './family-line-items.ts';
import { BYTES_PER_BILLED_GB } from './nat-gateway-traffic.ts';
import type { ResourceFamily, UsageLine } from './resource-family.ts';
import { hashKey } from './seeded-random.ts';
import { DAY_MS, isoDay, startOfUtcDay } from './timeline.ts';

const MINUTE_MS = 60_000;

/**
 * One CloudWatch metric of one of the company's resources, published every minute: what its bill
 * charges for the same minutes (the day's billed units spread evenly over its minutes), turned into
 * the metric's own unit.
 */
export interface UsageMetricSeries {
  namespace: string;
  metricName: string;
  dimensionName: string;
  dimensionValue: string;
  accountId: string;
  region: string;
  /** The metric's value in one minute of usual use (what the bill charges for that minute). */
  usualPerMinute(minuteMs: number): number;
}

/** A Lambda function as ListFunctions answers it. */
export interface SimulatedFunction {
  functionName: string;
  functionArn: string;
  accountId: string;
  region: string;
  memorySizeMb: number;
  architecture: 'x86_64' | 'arm64';
}

/**
 * A metric running far above its usual from `startMs` on (the demo's scenarios: a Lambda loop, a
 * logging flood, a token spike). A series the company does not have (a Bedrock model) is published
 * only while a surge runs on it.
 */
export interface UsageSurge {
  namespace: string;
  metricName: string;
  dimensionName: string;
  dimensionValue: string;
  accountId: string;
  region: string;
  perMinute: number;
  startMs: number;
}

const MEMORY_SIZES_MB = [128, 256, 512, 1024, 1769, 2048] as const;

/** A function's configured memory: fixed per function, as the bill's GB-seconds assume. */
export function memorySizeOf(functionArn: string): number {
  return MEMORY_SIZES_MB[hashKey(`memory:${functionArn}`) % MEMORY_SIZES_MB.length]!;
}

/** The day's billed units spread over its minutes, computed once a day (the metric asks minute by minute). */
function billedPerMinute(model: CompanyModel, family: ResourceFamily, name: string, line: UsageLine) {
  const byDay = new Map<number, number>();
  return (minuteMs: number) => {
    const dayStart = startOfUtcDay(minuteMs);
    let perMinute = byDay.get(dayStart);
    if (perMinute === undefined) {
      const day = { dayStart, day: isoDay(dayStart), end: dayStart + DAY_MS, fraction: 1, hoursInMonth: 720 };
      perMinute = resourceUsageUnits(model, family, name, line, day) / (DAY_MS / MINUTE_MS);
      byDay.set(dayStart, perMinute);
    }
    return perMinute;
  };
}

const lineOf = (family: ResourceFamily, usageType: string) =>
  family.usage.find((line) => line.usageType === usageType);

/** The company's Lambda functions (the families billing Lambda-GB-Second). */
export function lambdaFunctions(model: CompanyModel): SimulatedFunction[] {
  return model.families
    .filter((family) => family.productCode === 'AWSLambda' && family.resourceId)
    .flatMap((family) => {
      const accountId = ACCOUNTS[family.account].id;
      return family.names.map((functionName) => {
        const functionArn = family.resourceId!(functionName, accountId, family.region);
        return {
          functionName,
          functionArn,
          accountId,
          region: family.region,
          memorySizeMb: memorySizeOf(functionArn),
          architecture: 'x86_64' as const,
        };
      });
    });
}

/**
 * Every usage metric the company publishes besides its NAT gateways and instances: Lambda
 * `Invocations` (the billed requests) and `Duration` (milliseconds: the billed GB-seconds at the
 * function's memory), CloudWatch Logs `IncomingBytes` per log group (the billed ingested GB), and
 * DynamoDB `ConsumedRead/WriteCapacityUnits` per on-demand table (the billed request units).
 */
export function usageMetricSeries(model: CompanyModel): UsageMetricSeries[] {
  const series: UsageMetricSeries[] = [];
  for (const family of model.families) {
    if (!family.resourceId) continue;
    const accountId = ACCOUNTS[family.account].id;
    const base = { accountId, region: family.region };
    for (const name of family.names) {
      const arn = family.resourceId(name, accountId, family.region);
      const add = (
        namespace: string,
        dimensionName: string,
        metricName: string,
        line: UsageLine | undefined,
        factor: number,
      ) => {
        if (!line) return;
        const perMinute = billedPerMinute(model, family, name, line);
        series.push({
          ...base,
          namespace,
          metricName,
          dimensionName,
          dimensionValue: name,
          usualPerMinute: (minute) => perMinute(minute) * factor,
        });
      };
      if (family.productCode === 'AWSLambda') {
        const memoryGb = memorySizeOf(arn) / 1024;
        add('AWS/Lambda', 'FunctionName', 'Invocations', lineOf(family, 'Request'), 1);
        add('AWS/Lambda', 'FunctionName', 'Duration', lineOf(family, 'Lambda-GB-Second'), 1000 / memoryGb);
      } else if (family.productCode === 'AmazonCloudWatch' && arn.includes(':log-group:')) {
        add(
          'AWS/Logs',
          'LogGroupName',
          'IncomingBytes',
          lineOf(family, 'DataProcessing-Bytes'),
          BYTES_PER_BILLED_GB,
        );
      } else if (family.productCode === 'AmazonDynamoDB') {
        add('AWS/DynamoDB', 'TableName', 'ConsumedReadCapacityUnits', lineOf(family, 'ReadRequestUnits'), 1);
        add(
          'AWS/DynamoDB',
          'TableName',
          'ConsumedWriteCapacityUnits',
          lineOf(family, 'WriteRequestUnits'),
          1,
        );
      }
    }
  }
  return series;
}

/** The surges' series the company does not publish otherwise (a Bedrock model called only by the spike). */
export function surgeOnlySeries(
  series: readonly UsageMetricSeries[],
  surges: readonly UsageSurge[],
): UsageMetricSeries[] {
  const key = (s: Omit<UsageMetricSeries, 'usualPerMinute'>) =>
    `${s.namespace}|${s.metricName}|${s.dimensionName}|${s.dimensionValue}|${s.accountId}|${s.region}`;
  const known = new Set(series.map(key));
  const extra = new Map<string, UsageMetricSeries>();
  for (const surge of surges) {
    const { perMinute: _perMinute, startMs: _startMs, ...identity } = surge;
    if (!known.has(key(identity))) extra.set(key(identity), { ...identity, usualPerMinute: () => 0 });
  }
  return [...extra.values()];
}

/** The series' values in the finished minutes of [startMs, endMs): usual use plus any surge; none once deleted. */
export function seriesMinutes(
  series: UsageMetricSeries,
  surges: readonly UsageSurge[],
  window: { startMs: number; endMs: number; nowMs: number; deletedAtMs?: number },
): Array<{ minuteMs: number; value: number }> {
  const mine = surges.filter(
    (surge) =>
      surge.namespace === series.namespace &&
      surge.metricName === series.metricName &&
      surge.dimensionValue === series.dimensionValue &&
      surge.accountId === series.accountId &&
      surge.region === series.region,
  );
  const minutes: Array<{ minuteMs: number; value: number }> = [];
  const first = Math.ceil(window.startMs / MINUTE_MS) * MINUTE_MS;
  const stop = Math.min(window.endMs, window.deletedAtMs ?? Number.POSITIVE_INFINITY);
  for (let minute = first; minute < stop && minute + MINUTE_MS <= window.nowMs; minute += MINUTE_MS) {
    const surged = mine
      .filter((surge) => minute >= surge.startMs)
      .reduce((sum, surge) => sum + surge.perMinute, 0);
    const value = series.usualPerMinute(minute) + surged;
    if (value > 0) minutes.push({ minuteMs: minute, value });
  }
  return minutes;
}
