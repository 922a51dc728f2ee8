import { dayShareOfPeriod } from '../../../domain/commitment-utilization.ts';
import type { PeriodUnused } from '../cost-data/cost-data.service.ts';

/**
 * A reservation's unused fee is billed once a month; on the days of the window it falls on each day by
 * its hours in the term (src/domain/commitment-utilization.ts, dayShareOfPeriod). Answers, per
 * commitment, the window's part, and per bucket (a day, or 'YYYY-MM') the part of every commitment.
 */
export function spreadPeriodUnused(
  rows: PeriodUnused[],
  days: string[],
  bucketOf: (day: string) => string,
): { byCommitment: Map<string, number>; byBucket: Map<string, number> } {
  const byCommitment = new Map<string, number>();
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    const month = row.billingPeriod.slice(0, 7);
    const unused = Number(row.unused);
    for (const day of days) {
      if (!day.startsWith(month)) continue;
      const part =
        unused * dayShareOfPeriod(day, row.billingPeriod, { startsAt: row.startsAt, endsAt: row.endsAt });
      if (part === 0) continue;
      byCommitment.set(row.commitmentId, (byCommitment.get(row.commitmentId) ?? 0) + part);
      const bucket = bucketOf(day);
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + part);
    }
  }
  return { byCommitment, byBucket };
}
