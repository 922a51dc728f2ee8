/**
 * How good the dashboard's month-end forecast is (issue 5): for each complete month of a daily history,
 * forecast on days 7, 14 and 21 as if nothing later were known, and compare with the month's real
 * total, next to the naive run-rate (average so far × days in the month). On the simulator's 13 months
 * (its CUR 2.0 export, read through the real S3 SDK) and on the real samples in test/fixtures.
 *
 *   npm run bench -- forecast-backtest
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { billingPeriodsAt } from '../src/aws-sim/company/timeline.ts';
import { startAwsSimulator } from '../src/aws-sim/index.ts';
import { simulatorClients } from '../src/aws-sim/simulator-clients.ts';
import { dataKey, downloadObject, scratchDirectory } from '../src/aws-sim/testing/download-parquet.ts';
import type { DailyCost } from '../src/domain/daily-costs.ts';
import { backtestMonthEndForecast } from '../src/domain/forecast-backtest.ts';
import { openBillingFile } from '../src/server/modules/cost-data/billing-files/index.ts';
import { FIXTURES_DIR } from '../src/server/testing/raw-billing-samples.ts';

/** Daily unblended totals of billing files, as the cost facts hold them. */
async function dailyHistory(files: string[]): Promise<DailyCost[]> {
  const byDay = new Map<string, number>();
  for (const file of files) {
    const opened = await openBillingFile(file);
    try {
      for await (const batch of opened.dailyCostFacts())
        for (const fact of batch)
          byDay.set(fact.usageDate, (byDay.get(fact.usageDate) ?? 0) + Number(fact.unblendedCost));
    } finally {
      opened.close();
    }
  }
  return [...byDay].map(([date, amount]) => ({ date, amount })).sort((a, b) => a.date.localeCompare(b.date));
}

function report(name: string, history: DailyCost[]) {
  const result = backtestMonthEndForecast(history);
  const pct = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)}%`);
  console.log(
    `\n${name}: ${history.length} days (${history[0]?.date ?? '-'} to ${history.at(-1)?.date ?? '-'}), ${result.cases.length} forecasts`,
  );
  console.log(
    `  MAPE seasonal-trend forecast ${pct(result.mape.forecast)} | naive run-rate ${pct(result.mape.runRate)} | ` +
      `actual inside the 80% interval ${result.intervalCoverage === null ? 'n/a' : `${Math.round(result.intervalCoverage * 100)}%`}`,
  );
  for (const day of [7, 14, 21]) {
    const cases = result.cases.filter((c) => Number(c.asOf.slice(8)) === day);
    if (cases.length === 0) continue;
    const mape = (pick: (c: (typeof cases)[number]) => number) =>
      (cases.reduce((sum, c) => sum + Math.abs(pick(c) - c.actual) / c.actual, 0) / cases.length) * 100;
    console.log(
      `  on day ${day}: forecast ${mape((c) => c.forecast).toFixed(2)}%, run-rate ${mape((c) => c.runRate).toFixed(2)}% (${cases.length} months)`,
    );
  }
}

const simulator = await startAwsSimulator();
const directory = await scratchDirectory();
try {
  const { bucket, prefix, exportName } = simulator.company;
  const { s3 } = simulatorClients(simulator);
  const files: string[] = [];
  for (const period of billingPeriodsAt(Date.now()))
    files.push(await downloadObject(s3, bucket, dataKey(prefix, exportName, period), directory));
  report('Simulator (13 monthly CUR 2.0 files)', await dailyHistory(files));
} finally {
  await fs.rm(directory, { recursive: true, force: true });
  await simulator.close();
}

const samples = FIXTURES_DIR;
for (const sample of ['sample-anonymous-aws-export-dataset.csv', 'focus_sample.csv'])
  report(`Real sample ${sample}`, await dailyHistory([path.join(samples, sample)]));
