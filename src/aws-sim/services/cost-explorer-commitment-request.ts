import type { FilterExpression } from './cost-explorer-request.ts';
import { parseTimePeriod, validationException } from './cost-explorer-request.ts';

/** The dimensions a commitment report may be filtered by here (AWS accepts more; the company needs these). */
const FILTER_DIMENSIONS = ['LINKED_ACCOUNT', 'SAVINGS_PLAN_ARN'] as const;
type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

export interface CommitmentReportQuery {
  start: number;
  end: number;
  granularity: 'DAILY' | 'MONTHLY';
  /** Undefined: every value. */
  filter: Partial<Record<FilterDimension, string[]>>;
}

/**
 * A Dimensions filter, or an And of them: Cost Explorer's commitment reports allow only AND between
 * dimensions, one level deep, and OR the values of one dimension.
 */
function parseFilter(expression: FilterExpression | undefined, operation: string) {
  const filter: CommitmentReportQuery['filter'] = {};
  if (!expression) return filter;
  const parts = expression.And ?? [expression];
  for (const part of parts) {
    const dimension = part.Dimensions;
    if (!dimension || part.And || part.Or || part.Not || part.Tags) {
      throw validationException(`${operation} supports only Dimensions filters joined by And.`);
    }
    const key = dimension.Key as FilterDimension;
    if (!FILTER_DIMENSIONS.includes(key)) {
      throw validationException(
        `Dimension ${String(dimension.Key)} is not allowed. Allowed dimension(s): ${FILTER_DIMENSIONS.join(', ')}`,
      );
    }
    if (key === 'SAVINGS_PLAN_ARN' && !operation.startsWith('GetSavingsPlans')) {
      throw validationException(`Dimension SAVINGS_PLAN_ARN is not allowed in ${operation}.`);
    }
    if (!dimension.Values || dimension.Values.length === 0)
      throw validationException('Values cannot be null or empty in a filter.');
    filter[key] = dimension.Values;
  }
  return filter;
}

/** Validates a utilization or coverage request: its period, DAILY or MONTHLY, and its filter. */
export function parseCommitmentReportQuery(
  body: Record<string, unknown>,
  operation: string,
  nowMs: number,
): CommitmentReportQuery {
  const { start, end } = parseTimePeriod(body, nowMs);
  const granularity = body.Granularity ?? 'DAILY';
  if (granularity !== 'DAILY' && granularity !== 'MONTHLY') {
    throw validationException(`${operation} supports only DAILY and MONTHLY granularities.`);
  }
  if (body.GroupBy !== undefined && (body.GroupBy as unknown[]).length > 0) {
    throw validationException(`The simulator's ${operation} answers totals only: GroupBy is not supported.`);
  }
  return { start, end, granularity, filter: parseFilter(body.Filter as FilterExpression, operation) };
}
