import type { DuckDBConnection } from '@duckdb/node-api';
import type { BillingFileProgress } from './daily-cost-fact.ts';

const POLL_INTERVAL_MS = 200;

/**
 * Runs one long statement while reporting DuckDB's own progress. The statement runs on DuckDB's
 * threads; the event loop only polls, so the server stays responsive during a big scan.
 */
export async function runWithScanProgress(
  connection: DuckDBConnection,
  sql: string,
  totalRows: number | null,
  onProgress: ((progress: BillingFileProgress) => void) | undefined,
): Promise<void> {
  if (!onProgress) {
    await connection.run(sql);
    return;
  }
  const report = (percent: number) =>
    onProgress({
      stage: 'scanning',
      percent,
      rowsScanned: totalRows === null ? null : Math.round((totalRows * percent) / 100),
      totalRows,
      factsEmitted: 0,
      totalFacts: null,
    });
  report(0);
  let lastPercent = 0;
  const timer = setInterval(() => {
    const percent = connection.progress.percentage;
    // DuckDB answers -1 before it can estimate; never let the bar go backwards.
    if (percent > lastPercent) {
      lastPercent = Math.min(percent, 99.9);
      report(lastPercent);
    }
  }, POLL_INTERVAL_MS);
  try {
    const pending = await connection.start(sql);
    await pending.getResult();
  } finally {
    clearInterval(timer);
  }
  report(100);
}
