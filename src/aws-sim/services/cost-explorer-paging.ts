import { AwsError } from '../protocol/aws-error.ts';
import { type CostRow, metricsOf } from './cost-explorer-metrics.ts';
import type { CostQuery } from './cost-explorer-request.ts';

/** Group entries per page: a month of daily costs by service spans two pages, as it does in AWS. */
export const GROUPS_PER_PAGE = 500;

interface PeriodSlot {
  start: number;
  end: number;
  label: string;
  estimated: boolean;
}

interface ResultByTime {
  TimePeriod: { Start: string; End: string };
  Total: Record<string, { Amount: string; Unit: string }>;
  Groups: Array<{ Keys: string[]; Metrics: Record<string, { Amount: string; Unit: string }> }>;
  Estimated: boolean;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function decodeToken(token: string, fingerprint: string): number {
  let parsed: { offset?: unknown; request?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new AwsError(
      'InvalidNextTokenException',
      'The pagination token is invalid. Try again without a pagination token.',
    );
  }
  if (parsed.request !== fingerprint) {
    throw new AwsError(
      'RequestChangedException',
      'Your request parameters changed between pages. Try again with the old parameters or without a pagination token.',
    );
  }
  if (typeof parsed.offset !== 'number') {
    throw new AwsError(
      'InvalidNextTokenException',
      'The pagination token is invalid. Try again without a pagination token.',
    );
  }
  return parsed.offset;
}

/**
 * Lays the rows out as ResultsByTime: ungrouped queries answer one Total per period on one page;
 * grouped ones are cut every GROUPS_PER_PAGE groups, so a period may continue on the next page.
 */
export function pageOf(periods: PeriodSlot[], rows: CostRow[], query: CostQuery, fingerprint: string) {
  const rowsByPeriod = new Map<string, CostRow[]>();
  for (const row of rows) rowsByPeriod.set(row.period, [...(rowsByPeriod.get(row.period) ?? []), row]);
  const timePeriod = (slot: PeriodSlot) => ({ Start: iso(slot.start), End: iso(slot.end) });
  if (query.groupBy.length === 0) {
    const results: ResultByTime[] = periods.map((slot) => ({
      TimePeriod: timePeriod(slot),
      Total: metricsOf(rowsByPeriod.get(slot.label)?.[0], query.metrics),
      Groups: [],
      Estimated: slot.estimated,
    }));
    return { results, nextPageToken: undefined };
  }
  const entries = periods.flatMap((slot): Array<{ slot: PeriodSlot; row: CostRow | undefined }> => {
    const periodRows = rowsByPeriod.get(slot.label) ?? [];
    return periodRows.length === 0 ? [{ slot, row: undefined }] : periodRows.map((row) => ({ slot, row }));
  });
  const offset = query.nextPageToken ? decodeToken(query.nextPageToken, fingerprint) : 0;
  const pageEntries = entries.slice(offset, offset + GROUPS_PER_PAGE);
  const results: ResultByTime[] = [];
  for (const { slot, row } of pageEntries) {
    let result = results.at(-1);
    if (!result || result.TimePeriod.Start !== iso(slot.start)) {
      result = { TimePeriod: timePeriod(slot), Total: {}, Groups: [], Estimated: slot.estimated };
      results.push(result);
    }
    if (row) result.Groups.push({ Keys: row.groups, Metrics: metricsOf(row, query.metrics) });
  }
  const nextOffset = offset + GROUPS_PER_PAGE;
  const nextPageToken =
    nextOffset < entries.length
      ? Buffer.from(JSON.stringify({ offset: nextOffset, request: fingerprint })).toString('base64url')
      : undefined;
  return { results, nextPageToken };
}
