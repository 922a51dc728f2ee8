import { daySharesOfPeriod } from '../../../domain/commitment-utilization.ts';
import type { PeriodUnused } from '../cost-data/cost-data.service.ts';

/**
 * A reservation's unused fee is billed once a month; on the days of the window it falls on each day by
 * its hours in the term (src/domain/commitment-utilization.ts, dayShareOfPeriod). Answers, per
 * commitment, the window's part, and per bucket (a day, or 'YYYY-MM') the part of every commitment.
 * Each period's fee is spread over the window's days of its own month only, in the window's order.
 */
export function spreadPeriodUnused(
  rows: PeriodUnused[],
  days: string[],
  bucketOf: (day: string) => string,
): { byCommitment: Map<string, number>; byBucket: Map<string, number> } {
  const daysByMonth = new Map<string, string[]>();
  for (const day of days) {
    const month = day.slice(0, 7);
    const ofMonth = daysByMonth.get(month);
    if (ofMonth) ofMonth.push(day);
    else daysByMonth.set(month, [day]);
  }
  const byCommitment = new Map<string, number>();
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    const monthDays = daysByMonth.get(row.billingPeriod.slice(0, 7)) ?? [];
    const unused = Number(row.unused);
    const shares = daySharesOfPeriod(monthDays, row.billingPeriod, {
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    });
    monthDays.forEach((day, index) => {
      const part = unused * (shares[index] ?? 0);
      if (part === 0) return;
      byCommitment.set(row.commitmentId, (byCommitment.get(row.commitmentId) ?? 0) + part);
      const bucket = bucketOf(day);
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + part);
    });
  }
  return { byCommitment, byBucket };
}
