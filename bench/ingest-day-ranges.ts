import { createHash } from 'node:crypto';
import {
  dayRanges,
  openBillingFile,
  WHOLE_MONTH,
} from '../src/server/modules/cost-data/billing-files/index.ts';

/**
 * The reader alone on one billing file, grouping its line items in ranges of days (decision 116), in a
 * fresh process so the peak memory is its own: prints one JSON line with the read's and the emission's
 * CPU, the peak RSS, the facts, the file's exact totals and a fingerprint of the facts that does not
 * depend on their order (the same facts give the same fingerprint whatever the ranges). See bench/README.md.
 *
 *   node --import tsx bench/ingest-day-ranges.ts <file.parquet> <ranges> [DUCKDB memory limit, default 1GB]
 *
 * ranges: 1 reads the month in one statement, as before decision 116; 0 lets the reader choose.
 */
const [file, rangesArgument, memoryLimit = '1GB'] = process.argv.slice(2);
if (!file || rangesArgument === undefined) {
  throw new Error('usage: ingest-day-ranges.ts <file.parquet> <ranges> [memory limit]');
}
const rangeCount = Number(rangesArgument);
const ranges = rangeCount === 0 ? undefined : rangeCount === 1 ? WHOLE_MONTH : dayRanges(rangeCount);

const cpuMilliseconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};

const started = performance.now();
const cpuStarted = process.cpuUsage();
const opened = await openBillingFile(file, { memoryLimit, grain: 'stored', dayRanges: ranges });
const readCpuMilliseconds = cpuMilliseconds(cpuStarted);
const readRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
const emitting = process.cpuUsage();
let facts = 0;
let fingerprint = 0n;
try {
  for await (const batch of opened.dailyCostFacts()) {
    for (const fact of batch) {
      facts += 1;
      const digest = createHash('sha1').update(JSON.stringify(fact)).digest();
      fingerprint = (fingerprint + digest.readBigUInt64BE(0)) & 0xffff_ffff_ffff_ffffn;
    }
  }
} finally {
  opened.close();
}
console.log(
  JSON.stringify({
    ranges: rangeCount,
    memoryLimit,
    wallMilliseconds: Math.round(performance.now() - started),
    readCpuMilliseconds,
    emitCpuMilliseconds: cpuMilliseconds(emitting),
    readRssMb,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    facts,
    lineItems: opened.summary.lineItems,
    unblended: opened.summary.totalUnblendedCost,
    amortized: opened.summary.totalAmortizedCost,
    net: opened.summary.totalNetCost,
    fingerprint: fingerprint.toString(16),
  }),
);
