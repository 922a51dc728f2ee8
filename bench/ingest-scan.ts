import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCur2Parquet } from './generate-cur2-parquet.ts';

/**
 * Ingest versus DuckDB's own scan of the same CUR 2.0 Parquet file (see bench/README.md).
 * Usage: node --import tsx bench/ingest-scan.ts [lineItems=5000000] [rounds=3]
 * The machine may be shared: each side runs `rounds` times, alternating, each in a fresh process;
 * the best wall time and the best CPU time (all threads) are reported.
 */
interface Measurement {
  mode: 'raw' | 'ingest';
  milliseconds: number;
  cpuMilliseconds: number;
  groups: number;
  peakRssMb: number;
}

const lineItems = Number(process.argv[2] ?? 5_000_000);
const rounds = Number(process.argv[3] ?? 3);
const measureScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ingest-scan-measure.ts');

function measure(mode: Measurement['mode'], file: string): Measurement {
  const output = execFileSync(process.execPath, ['--import', 'tsx', measureScript, mode, file], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Measurement;
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
const perSecond = (milliseconds: number) =>
  Math.round(lineItems / (milliseconds / 1000)).toLocaleString('en-US');

function report(name: string, runs: Measurement[]) {
  const wall = Math.min(...runs.map((run) => run.milliseconds));
  const cpu = Math.min(...runs.map((run) => run.cpuMilliseconds));
  const rss = Math.max(...runs.map((run) => run.peakRssMb));
  console.log(
    `${name}: ${seconds(wall)} wall (${perSecond(wall)} line items/s), ${seconds(cpu)} CPU, ` +
      `${runs[0]?.groups.toLocaleString('en-US')} groups, peak RSS ${Math.round(rss)} MB`,
  );
  return { wall, cpu };
}

const directory = mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-'));
try {
  const file = path.join(directory, 'cur2.parquet');
  const generationStarted = performance.now();
  await generateCur2Parquet(file, lineItems);
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `generated ${lineItems.toLocaleString('en-US')} CUR 2.0 line items (${megabytes} MB Parquet) in ${seconds(performance.now() - generationStarted)}`,
  );
  const raw: Measurement[] = [];
  const ingest: Measurement[] = [];
  for (let round = 1; round <= rounds; round++) {
    raw.push(measure('raw', file));
    ingest.push(measure('ingest', file));
    const [lastRaw, lastIngest] = [raw.at(-1)!, ingest.at(-1)!];
    console.log(
      `round ${round}: raw ${seconds(lastRaw.milliseconds)} (CPU ${seconds(lastRaw.cpuMilliseconds)}), ` +
        `ingest ${seconds(lastIngest.milliseconds)} (CPU ${seconds(lastIngest.cpuMilliseconds)})`,
    );
  }
  const rawBest = report('raw DuckDB scan-and-group', raw);
  const ingestBest = report('readDailyCostFacts, every batch consumed', ingest);
  console.log(
    `ingest / raw: ${(ingestBest.wall / rawBest.wall).toFixed(2)}x wall, ${(ingestBest.cpu / rawBest.cpu).toFixed(2)}x CPU`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
