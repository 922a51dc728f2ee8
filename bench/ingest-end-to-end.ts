import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { describeCur2Shape, generateCur2Parquet, parseCur2Shape } from './generate-cur2-parquet.ts';

/**
 * The whole ingest of a CUR 2.0 Parquet file into the database (DuckDB read, staging, the billing
 * period swap and the rollups, as the ingest job runs it), next to DuckDB's own scan-and-group of
 * the same file, in one run. See bench/README.md.
 *
 *   npm run bench -- ingest-end-to-end               (1M line items, PGlite and PostgreSQL)
 *   node --import tsx bench/ingest-end-to-end.ts 5000000 pglite,postgres [rounds=1] [shape=small]
 *   node --import tsx bench/ingest-end-to-end.ts 20000000 postgres 1 large   (the large month)
 *
 * Each measurement runs in a fresh process so its peak memory is its own. PGlite lives in a folder, as
 * `npm start` keeps it under DATA_DIR, created and migrated by a process of its own first (a first start's
 * initdb alone peaks near 900 MB, whatever is ingested after). PostgreSQL needs a server at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it is skipped when absent.
 * With several rounds the modes alternate, and each round's ratio compares measurements minutes apart.
 */
type Mode = 'raw' | 'pglite' | 'postgres';
interface Measurement {
  mode: Mode;
  milliseconds: number;
  cpuMilliseconds: number;
  rows: number;
  facts: number;
  peakRssMb: number;
}

const self = fileURLToPath(import.meta.url);

async function rawScanAndGroup(parquet: string): Promise<{ rows: number; facts: number }> {
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '1GB' });
  const connection = await instance.connect();
  try {
    const result = await connection.runAndReadAll(`
      SELECT CAST(count(*) AS DOUBLE) AS groups, CAST(sum(line_items) AS DOUBLE) AS line_items FROM (
        SELECT CAST(line_item_usage_start_date AS DATE) AS usage_date, bill_billing_period_start_date,
          bill_payer_account_id, line_item_usage_account_id, line_item_product_code, product_region_code,
          line_item_usage_type, line_item_line_item_type, line_item_resource_id, line_item_currency_code,
          resource_tags, sum(line_item_unblended_cost) AS unblended_cost, count(*) AS line_items
        FROM read_parquet('${parquet.replaceAll("'", "''")}')
        GROUP BY ALL
      )`);
    const row = result.getRowObjectsJS()[0];
    return { rows: Number(row?.line_items), facts: Number(row?.groups) };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The app's own path: a test app on the chosen database, an upload integration, then the ingest. */
async function ingestIntoDatabase(parquet: string) {
  const { createTestApp } = await import('../src/server/testing/test-app.ts');
  const { signUpVerifiedPerson, bearer } = await import('../src/server/testing/accounts-fixtures.ts');
  const { createCostDataService } = await import('../src/server/modules/cost-data/cost-data.service.ts');
  const { createIntegrationsService } = await import(
    '../src/server/modules/integrations/integrations.service.ts'
  );
  const server = await createTestApp();
  try {
    const { token } = await signUpVerifiedPerson(server, { email: 'bench@example.com' });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: bearer(token),
      payload: { kind: 'upload', name: 'Bench' },
    });
    const integrationId = created.json().id as string;
    // DuckDB's memory as the app's config sets it (`DUCKDB_MEMORY_LIMIT`), its session default when unset.
    const costData = createCostDataService(server.context.database.db, undefined, {
      memoryLimit: process.env.DUCKDB_MEMORY_LIMIT,
    });
    const integrations = createIntegrationsService(server.context, costData);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const run = await integrations.ingestLocalFile({ filePath: parquet, integrationId });
    const milliseconds = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (run.state !== 'succeeded') throw new Error(`ingest failed: ${run.error?.message}`);
    return {
      milliseconds,
      cpuMilliseconds: (cpu.user + cpu.system) / 1000,
      rows: run.rowsRead,
      facts: run.factsWritten,
    };
  } finally {
    await server.close();
  }
}

async function measureHere(mode: Mode, file: string) {
  if (mode === 'raw') {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const counted = await rawScanAndGroup(file);
    const cpu = process.cpuUsage(cpuStarted);
    return {
      ...counted,
      milliseconds: performance.now() - started,
      cpuMilliseconds: (cpu.user + cpu.system) / 1000,
    };
  }
  return ingestIntoDatabase(file);
}

function runChild(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--import', 'tsx', self, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function measure(mode: Mode, file: string, directory: string): Measurement | undefined {
  const pgliteDir = path.join(directory, `pglite-${Date.now()}`);
  const env: Record<string, string> = {
    TEST_DATABASE: mode === 'postgres' ? 'postgres' : 'pglite',
    ...(mode === 'pglite' ? { TEST_PGLITE_DATA_DIR: pgliteDir } : {}),
  };
  try {
    if (mode === 'pglite') runChild(['--prepare'], env);
    const output = runChild(['--measure', mode, file], env);
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Measurement;
  } catch (error) {
    console.log(`${mode}: skipped (${((error as Error).message.split('\n')[0] ?? '').slice(0, 160)})`);
    return undefined;
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

/** The fastest measurement of each mode, carrying the highest peak RSS seen for it. */
function keepBest(best: Map<Mode, Measurement>, measured: Measurement) {
  const kept = best.get(measured.mode);
  const peakRssMb = Math.max(kept?.peakRssMb ?? 0, measured.peakRssMb);
  const fastest = !kept || measured.milliseconds < kept.milliseconds ? measured : kept;
  best.set(measured.mode, { ...fastest, peakRssMb });
}

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

async function main() {
  const lineItems = Number(process.argv[2] ?? 1_000_000);
  const databases = (process.argv[3] ?? 'pglite,postgres').split(',') as Mode[];
  const directory = mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-e2e-'));
  try {
    const file = path.join(directory, 'cur2.parquet');
    const generated = performance.now();
    const shape = parseCur2Shape(process.argv[5]);
    await generateCur2Parquet(file, lineItems, shape);
    const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(
      `generated ${lineItems.toLocaleString('en-US')} CUR 2.0 line items (${megabytes} MB Parquet; ${describeCur2Shape(shape)}) in ${seconds(performance.now() - generated)}`,
    );
    const rounds = Number(process.argv[4] ?? 1);
    const rate = (m: Measurement) => Math.round(m.rows / (m.milliseconds / 1000)).toLocaleString('en-US');
    const best = new Map<Mode, Measurement>();
    for (let round = 1; round <= rounds; round += 1) {
      const raw = measure('raw', file, directory);
      if (!raw) return;
      keepBest(best, raw);
      console.log(
        `round ${round}: raw DuckDB scan-and-group: ${seconds(raw.milliseconds)} wall (${rate(raw)} line items/s), ${seconds(raw.cpuMilliseconds)} CPU, ${raw.facts.toLocaleString('en-US')} groups, peak RSS ${Math.round(raw.peakRssMb)} MB`,
      );
      for (const mode of databases) {
        const ingest = measure(mode, file, directory);
        if (!ingest) continue;
        keepBest(best, ingest);
        console.log(
          `round ${round}: ingest into ${mode}: ${seconds(ingest.milliseconds)} wall (${rate(ingest)} line items/s), ${seconds(ingest.cpuMilliseconds)} CPU in the app process, ${ingest.facts.toLocaleString('en-US')} daily facts, peak RSS ${Math.round(ingest.peakRssMb)} MB` +
            ` — ${(ingest.milliseconds / raw.milliseconds).toFixed(2)}x this round's raw scan`,
        );
      }
    }
    const raw = best.get('raw');
    if (rounds > 1 && raw) {
      console.log(`\nbest of ${rounds} rounds (peak RSS: the highest of any round):`);
      for (const measured of best.values()) {
        console.log(
          `  ${measured.mode}: ${seconds(measured.milliseconds)} wall, ${seconds(measured.cpuMilliseconds)} CPU, peak RSS ${Math.round(measured.peakRssMb)} MB` +
            (measured.mode === 'raw'
              ? ''
              : ` — ${(measured.milliseconds / raw.milliseconds).toFixed(2)}x the best raw scan`),
        );
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--prepare') {
  // A migrated PGlite folder, as a server that has started before holds it.
  const { createTestApp } = await import('../src/server/testing/test-app.ts');
  const server = await createTestApp();
  await server.close();
  process.exit(0);
} else if (process.argv[2] === '--measure') {
  const mode = process.argv[3] as Mode;
  const file = process.argv[4] ?? '';
  const measured = await measureHere(mode, file);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ mode, ...measured, peakRssMb }));
  process.exit(0);
} else {
  await main();
}
