import { daySharesOfPeriod } from '../../../domain/commitment-utilization.ts';
import type { PeriodUnused } from '../cost-data/cost-data.service.ts';

/** The window's days of one calendar month, in order: each day's UTC midnight and its bucket. */
interface MonthOfWindow {
  dayStarts: number[];
  buckets: string[];
}

function monthsOfWindow(days: string[], bucketOf: (day: string) => string): Map<string, MonthOfWindow> {
  const months = new Map<string, MonthOfWindow>();
  for (const day of days) {
    const key = day.slice(0, 7);
    const month = months.get(key) ?? { dayStarts: [], buckets: [] };
    month.dayStarts.push(Date.parse(`${day}T00:00:00Z`));
    month.buckets.push(bucketOf(day));
    months.set(key, month);
  }
  return months;
}

/**
 * A reservation's unused fee is billed once a month; on the days of the window it falls on each day by
 * its hours in the term (src/domain/commitment-utilization.ts, dayShareOfPeriod). Answers, per
 * commitment, the window's part, and per bucket (a day, or 'YYYY-MM') the part of every commitment.
 * Each period's fee is spread over the window's days of its own month only; every total adds its parts
 * in the window's day order, one row after another.
 */
export function spreadPeriodUnused(
  rows: PeriodUnused[],
  days: string[],
  bucketOf: (day: string) => string,
): { byCommitment: Map<string, number>; byBucket: Map<string, number> } {
  const months = monthsOfWindow(days, bucketOf);
  const byCommitment = new Map<string, number>();
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    const month = months.get(row.billingPeriod.slice(0, 7));
    if (!month) continue;
    const unused = Number(row.unused);
    const shares = daySharesOfPeriod(month.dayStarts, row.billingPeriod, {
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    });
    let commitmentTotal = byCommitment.get(row.commitmentId);
    shares.forEach((share, index) => {
      const part = unused * share;
      if (part === 0) return;
      commitmentTotal = (commitmentTotal ?? 0) + part;
      const bucket = month.buckets[index] ?? '';
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + part);
    });
    if (commitmentTotal !== undefined) byCommitment.set(row.commitmentId, commitmentTotal);
  }
  return { byCommitment, byBucket };
}
