import { DuckDBInstance } from '@duckdb/node-api';
import { readDailyCostFacts } from '../src/server/modules/cost-data/billing-files/index.ts';

/**
 * One measurement in a fresh process, so its peak memory is its own: prints one JSON line.
 * - raw: DuckDB alone groups the file by the facts' dimensions (tags map included) and sums the cost;
 * - ingest: readDailyCostFacts, every batch consumed as JS objects.
 */
const [mode, file] = process.argv.slice(2);
if ((mode !== 'raw' && mode !== 'ingest') || !file) {
  throw new Error('usage: ingest-scan-measure.ts raw|ingest <file.parquet>');
}

const MEMORY_LIMIT = '1GB';

async function rawScanAndGroup(parquet: string): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: MEMORY_LIMIT });
  const connection = await instance.connect();
  try {
    const result = await connection.runAndReadAll(`
      SELECT CAST(count(*) AS DOUBLE) AS groups FROM (
        SELECT CAST(line_item_usage_start_date AS DATE) AS usage_date, bill_billing_period_start_date,
          bill_payer_account_id, line_item_usage_account_id, line_item_product_code, product_region_code,
          line_item_usage_type, line_item_line_item_type, line_item_resource_id, line_item_currency_code,
          resource_tags, sum(line_item_unblended_cost) AS unblended_cost, count(*) AS line_items
        FROM read_parquet('${parquet}')
        GROUP BY ALL
      )`);
    return Number(result.getRowObjectsJS()[0]?.groups);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function ingest(parquet: string): Promise<number> {
  let facts = 0;
  for await (const batch of readDailyCostFacts(parquet, { memoryLimit: MEMORY_LIMIT })) facts += batch.length;
  return facts;
}

const started = performance.now();
const cpuStarted = process.cpuUsage();
const groups = mode === 'raw' ? await rawScanAndGroup(file) : await ingest(file);
const milliseconds = performance.now() - started;
// CPU time of every thread of the process (DuckDB's included): steadier than wall time on a busy machine.
const cpu = process.cpuUsage(cpuStarted);
const cpuMilliseconds = (cpu.user + cpu.system) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ mode, milliseconds, cpuMilliseconds, groups, peakRssMb }));
