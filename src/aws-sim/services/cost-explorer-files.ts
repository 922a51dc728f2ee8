import { addUtcMonths, billingPeriodStart } from '../company/timeline.ts';
import type { CurExport } from '../cur/cur-export.ts';

/** The Parquet files of the billing periods the query touches (Cost Explorer reads the same data). */
export async function filesFor(
  curExport: CurExport,
  query: { start: number; end: number },
  nowMs: number,
): Promise<string[]> {
  const periods = curExport.periodsAt(nowMs).filter((period) => {
    const start = billingPeriodStart(period);
    return start < query.end && addUtcMonths(start, 1) > query.start;
  });
  const partitions = await Promise.all(periods.map((period) => curExport.partition(period, nowMs)));
  return partitions.map((partition) => partition.parquetPath);
}
