import type { CompanyModel } from '../company/company-model.ts';
import type { InstanceMetricName } from '../company/instance-metrics.ts';
import { hourlySample } from '../company/instance-metrics.ts';
import { type NatProcessedMetric, natGateways } from '../company/nat-gateway-traffic.ts';
import { DAY_MS, HOUR_MS } from '../company/timeline.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { queryStyleCredentialErrors } from '../protocol/credential-errors.ts';
import { jsonErrorDocument } from '../protocol/error-documents.ts';
import { jsonBody } from '../protocol/json-body.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { notAuthorizedMessage, targetedOperation } from '../protocol/service-handler.ts';
import {
  assertStatistic,
  findInstanceForMetric,
  findNatGatewayForMetric,
  type MetricIdentity,
  type MetricWindow,
  metricDatapoints,
  natDatapoints,
  publishedMetrics,
  publishedNatMetrics,
} from './cloudwatch-metric-data.ts';
import { serviceMetricDatapoints } from './cloudwatch-service-metrics.ts';
import {
  publishedUsageMetrics,
  type UsageTraffic,
  usageDatapointsOf,
  usageSeriesInScope,
} from './cloudwatch-usage-metrics.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.0';
const TARGET_PREFIX = 'GraniteServiceVersion20100801.';

interface MetricDataQuery {
  Id: string;
  Label?: string;
  ReturnData?: boolean;
  MetricStat?: { Metric: MetricIdentity; Period: number; Stat: string };
  Expression?: string;
}

/** Timestamps arrive as epoch seconds from the SDK (JSON protocol), or as ISO text from other clients. */
function toMs(value: unknown, field: string): number {
  const ms = typeof value === 'number' ? value * 1000 : Date.parse(String(value));
  if (Number.isNaN(ms)) throw new AwsError('MissingParameter', `The parameter ${field} is required.`);
  return ms;
}

function json(body: unknown): SimResponse {
  return { status: 200, headers: { 'content-type': CONTENT_TYPE }, body: JSON.stringify(body) };
}

function instancesInScope(model: CompanyModel, context: CallContext) {
  return model.fleet.filter(
    (instance) => instance.accountId === context.identity.accountId && instance.region === context.region,
  );
}

/** Namespaces published every minute (the usage the meter reads); the instances' metrics are hourly. */
const PER_MINUTE_NAMESPACES = new Set([
  'AWS/NATGateway',
  'AWS/Lambda',
  'AWS/Logs',
  'AWS/DynamoDB',
  'AWS/Bedrock',
]);

function natGatewaysInScope(model: CompanyModel, context: CallContext) {
  return natGateways(model).filter(
    (gateway) => gateway.accountId === context.identity.accountId && gateway.region === context.region,
  );
}

function getMetricData(traffic: UsageTraffic, context: CallContext): SimResponse {
  const { model } = traffic;
  const body = jsonBody<Record<string, unknown>>(context.request);
  const queries = (body.MetricDataQueries ?? []) as MetricDataQuery[];
  if (queries.length === 0)
    throw new AwsError('MissingParameter', 'The parameter MetricDataQueries is required.');
  if (queries.length > 500)
    throw new AwsError('InvalidParameterValue', 'MetricDataQueries can hold at most 500 queries.');
  const start = toMs(body.StartTime, 'StartTime');
  const end = toMs(body.EndTime, 'EndTime');
  if (start >= end)
    throw new AwsError(
      'InvalidParameterValue',
      'The parameter StartTime must be less than the parameter EndTime.',
    );
  const ascending = body.ScanBy === 'TimestampAscending';
  const fleet = instancesInScope(model, context);
  const gateways = natGatewaysInScope(model, context);
  const usageSeries = usageSeriesInScope(traffic, context);
  const results = queries.map((query, index) => {
    if (!query.MetricStat) {
      throw new AwsError(
        'InvalidParameterValue',
        `The simulator answers MetricStat queries only; MetricDataQueries.member.${index + 1} has none.`,
      );
    }
    const { Metric, Period, Stat } = query.MetricStat;
    // Usage metrics are published every minute; the instances' are kept hourly, and their network
    // bytes can be asked for in five-minute parts of the hour (basic monitoring).
    const perMinute = PER_MINUTE_NAMESPACES.has(Metric.Namespace);
    const fiveMinuteNetwork =
      Metric.Namespace === 'AWS/EC2' && Metric.MetricName.startsWith('Network') && Period % 3600 !== 0;
    const step = perMinute ? 60 : fiveMinuteNetwork ? 300 : 3600;
    if (!Number.isInteger(Period) || Period % step !== 0) {
      throw new AwsError(
        'InvalidParameterValue',
        `The parameter MetricDataQueries.member.${index + 1}.MetricStat.Period must be a multiple of ${step} (the simulator keeps ${perMinute ? 'one-minute' : 'hourly'} data for ${Metric.Namespace}).`,
      );
    }
    assertStatistic(Stat, `MetricDataQueries.member.${index + 1}.MetricStat.Stat`);
    const window = { start, end, period: Period, stat: Stat, nowMs: context.nowMs };
    const datapoints =
      serviceMetricDatapoints(traffic.services, context, Metric, window) ??
      (Metric.Namespace === 'AWS/NATGateway'
        ? natDatapointsOf(traffic, findNatGatewayForMetric(gateways, Metric), Metric, window)
        : perMinute
          ? usageDatapointsOf(traffic, usageSeries, Metric, window)
          : fiveMinuteNetwork
            ? networkPartsOf(findInstanceForMetric(fleet, Metric), Metric, window)
            : instanceDatapointsOf(findInstanceForMetric(fleet, Metric), Metric, window));
    if (index === 0) datapoints.push(...strayDatapoints(traffic, window));
    if (!ascending) datapoints.reverse();
    return {
      Id: query.Id,
      Label: query.Label ?? Metric.MetricName,
      Timestamps: datapoints.map((point) => point.timestamp / 1000),
      Values: datapoints.map((point) => point.value),
      StatusCode: 'Complete',
    };
  });
  return json({
    MetricDataResults: results.filter((_, index) => queries[index]?.ReturnData !== false),
    Messages: [],
  });
}

type Window = MetricWindow;

function natDatapointsOf(
  traffic: UsageTraffic,
  gateway: ReturnType<typeof findNatGatewayForMetric>,
  metric: MetricIdentity,
  window: Window,
) {
  return gateway ? natDatapoints(traffic, gateway, metric.MetricName as NatProcessedMetric, window) : [];
}

function instanceDatapointsOf(
  instance: ReturnType<typeof findInstanceForMetric>,
  metric: MetricIdentity,
  window: Window,
) {
  return instance ? metricDatapoints(instance, metric.MetricName as InstanceMetricName, window) : [];
}

/** The stray datapoints asked for by the fault knob, consumed by this answer: a day ahead, or 30 days back. */
function strayDatapoints(traffic: UsageTraffic, window: Window) {
  const stray = [
    ...Array.from({ length: traffic.stray.future }, (_, index) => ({
      timestamp: window.end + DAY_MS + index * 60_000,
      value: 1,
    })),
    ...Array.from({ length: traffic.stray.past }, (_, index) => ({
      timestamp: window.start - 30 * DAY_MS - index * 60_000,
      value: 1,
    })),
  ];
  traffic.stray.future = 0;
  traffic.stray.past = 0;
  return stray;
}

/** An instance's network bytes in five-minute parts: each ended part carries a twelfth of its hour. */
function networkPartsOf(
  instance: ReturnType<typeof findInstanceForMetric>,
  metric: MetricIdentity,
  window: Window,
) {
  if (!instance) return [];
  const periodMs = window.period * 1000;
  const datapoints: Array<{ timestamp: number; value: number }> = [];
  for (let bucket = Math.floor(window.start / periodMs) * periodMs; bucket < window.end; bucket += periodMs) {
    if (bucket + periodMs > window.nowMs) break;
    let sum = 0;
    let found = false;
    for (let part = bucket; part < bucket + periodMs; part += 300_000) {
      const sample = hourlySample(
        instance,
        metric.MetricName as InstanceMetricName,
        Math.floor(part / HOUR_MS) * HOUR_MS,
      );
      if (sample) {
        sum += sample.sum / 12;
        found = true;
      }
    }
    if (found) datapoints.push({ timestamp: bucket, value: sum });
  }
  return datapoints;
}

/** Only metrics with data in the last two weeks are listed, as in CloudWatch. */
function listMetrics(traffic: UsageTraffic, context: CallContext): SimResponse {
  const { model } = traffic;
  const body = jsonBody<Partial<MetricIdentity>>(context.request);
  const recentFrom = context.nowMs - 14 * DAY_MS;
  const metrics = instancesInScope(model, context)
    .filter((instance) => instance.stoppedAt === undefined || instance.stoppedAt > recentFrom)
    .flatMap(publishedMetrics)
    .concat(natGatewaysInScope(model, context).flatMap(publishedNatMetrics))
    .concat(publishedUsageMetrics(usageSeriesInScope(traffic, context)))
    .filter((metric) => !body.Namespace || metric.Namespace === body.Namespace)
    .filter((metric) => !body.MetricName || metric.MetricName === body.MetricName)
    .filter((metric) =>
      (body.Dimensions ?? []).every((wanted) =>
        metric.Dimensions.some(
          (dimension) =>
            dimension.Name === wanted.Name &&
            (wanted.Value === undefined || dimension.Value === wanted.Value),
        ),
      ),
    );
  return json({ Metrics: metrics });
}

export function cloudWatchService(traffic: UsageTraffic): ServiceHandler {
  return {
    name: 'cloudwatch',
    signingName: 'monitoring',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `cloudwatch:${operation}`, resource: '' }),
    async handle(context) {
      if (context.operation === 'GetMetricData') return getMetricData(traffic, context);
      if (context.operation === 'ListMetrics') return listMetrics(traffic, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    // CloudWatch moved from awsQuery to JSON and still names errors by their query codes.
    renderError: (error, requestId) =>
      jsonErrorDocument(
        new AwsError(
          error.code.endsWith('Exception') ? error.code : `${error.code}Exception`,
          error.message,
          error.status,
          error.fault,
        ),
        requestId,
        CONTENT_TYPE,
        error.code,
      ),
    errors: {
      ...queryStyleCredentialErrors,
      throttled: () => new AwsError('Throttling', 'Rate exceeded', 400),
      accessDenied: (callerArn, action) =>
        new AwsError('AccessDenied', notAuthorizedMessage(callerArn, action), 403),
    },
  };
}
