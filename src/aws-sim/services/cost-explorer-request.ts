import { addUtcMonths, DAY_MS, isoDay, parseIsoDay, startOfUtcMonth } from '../company/timeline.ts';
import { AwsError } from '../protocol/aws-error.ts';

export const COST_METRICS = [
  'AmortizedCost',
  'BlendedCost',
  'NetAmortizedCost',
  'NetUnblendedCost',
  'NormalizedUsageAmount',
  'UnblendedCost',
  'UsageQuantity',
] as const;
export type CostMetric = (typeof COST_METRICS)[number];

export interface GroupDefinition {
  Type: 'DIMENSION' | 'TAG';
  Key: string;
}

export interface FilterExpression {
  And?: FilterExpression[];
  Or?: FilterExpression[];
  Not?: FilterExpression;
  Dimensions?: { Key: string; Values?: string[]; MatchOptions?: string[] };
  Tags?: { Key: string; Values?: string[]; MatchOptions?: string[] };
}

export interface CostQuery {
  start: number;
  end: number;
  granularity: 'DAILY' | 'MONTHLY';
  metrics: CostMetric[];
  groupBy: GroupDefinition[];
  filter?: FilterExpression;
  nextPageToken?: string;
}

export function validationException(message: string): AwsError {
  return new AwsError('ValidationException', message);
}

function parseDay(value: unknown, field: string): number {
  const text = typeof value === 'string' ? value : '';
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseIsoDay(text) : Number.NaN;
  if (Number.isNaN(ms))
    throw validationException(`${field} date is invalid: '${text}'. Use the yyyy-MM-dd format.`);
  return ms;
}

/** A request's TimePeriod (Start inclusive, End exclusive), within the history Cost Explorer keeps. */
export function parseTimePeriod(
  body: Record<string, unknown>,
  nowMs: number,
): { start: number; end: number } {
  const period = (body.TimePeriod ?? {}) as { Start?: unknown; End?: unknown };
  const start = parseDay(period.Start, 'Start');
  const end = parseDay(period.End, 'End');
  if (start >= end) throw validationException('Start date (and hour) should be before end date (and hour)');
  if (start < addUtcMonths(startOfUtcMonth(nowMs), -14)) {
    throw validationException('Historical data beyond 14 months is currently not available.');
  }
  return { start, end };
}

/** Validates a GetCostAndUsage request as Cost Explorer does, with its limits. */
export function parseCostQuery(body: Record<string, unknown>, nowMs: number): CostQuery {
  const { start, end } = parseTimePeriod(body, nowMs);
  const granularity = body.Granularity;
  if (granularity === 'HOURLY') {
    throw validationException(
      'Hourly granularity is not enabled for this account. Enable it in the Cost Management preferences.',
    );
  }
  if (granularity !== 'DAILY' && granularity !== 'MONTHLY') {
    throw validationException(
      `Granularity must be one of DAILY, MONTHLY, HOURLY; got '${String(granularity)}'.`,
    );
  }
  const metrics = body.Metrics;
  if (!Array.isArray(metrics) || metrics.length === 0)
    throw validationException('Metrics cannot be null or empty.');
  for (const metric of metrics) {
    if (!COST_METRICS.includes(metric))
      throw validationException(`Metrics value '${String(metric)}' is not valid.`);
  }
  const groupBy = (body.GroupBy ?? []) as GroupDefinition[];
  if (groupBy.length > 2) throw validationException('You can group by at most two dimensions or tags.');
  for (const group of groupBy) {
    if (group.Type !== 'DIMENSION' && group.Type !== 'TAG') {
      throw validationException(`Group Definition type '${String(group.Type)}' is not supported here.`);
    }
  }
  return {
    start,
    end,
    granularity,
    metrics: metrics as CostMetric[],
    groupBy,
    filter: body.Filter as FilterExpression | undefined,
    nextPageToken: typeof body.NextPageToken === 'string' ? body.NextPageToken : undefined,
  };
}

/** The result periods: each day, or each calendar month clipped to the requested range. */
export function resultPeriods(
  query: Pick<CostQuery, 'start' | 'end' | 'granularity'>,
): Array<{ start: number; end: number }> {
  const periods: Array<{ start: number; end: number }> = [];
  for (let start = query.start; start < query.end; ) {
    const next = query.granularity === 'DAILY' ? start + DAY_MS : addUtcMonths(startOfUtcMonth(start), 1);
    const end = Math.min(next, query.end);
    periods.push({ start, end });
    start = end;
  }
  return periods;
}

export const periodLabel = (ms: number) => isoDay(ms);
