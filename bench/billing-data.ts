/**
 * GET /api/billing-data on a large tenant (issue 5): one year of daily facts, 3 accounts, 80 services,
 * 20 tag values. autocannon on loopback measures a year view, a month view and a month split by tag —
 * cached (answer and session/permission reads), cached answer with the reads made on every request (as
 * before decision 052), uncached — and a revalidation answered 304, next to GET /api/health on the same
 * server; on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or the local test server) is reachable.
 * Then the dashboard's initial JavaScript, gzipped, from the vite build in dist/web.
 *
 *   npm run bench -- billing-data
 *   DURATION_S=5 BENCH_POSTGRES=off npm run bench -- billing-data
 *   BENCH_MODES=cached BENCH_CPU_PROF=/tmp/prof npm run bench -- billing-data   # profile the cached path
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_S = Number(process.env.DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Which rows to measure (comma-separated): cached, reads-every-request, uncached, 304; all by default. */
const MODES = new Set((process.env.BENCH_MODES ?? 'cached,reads-every-request,uncached,304').split(','));
/** A folder for the server's V8 CPU profile (`--cpu-prof`), written when it stops. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

interface Ready {
  kind: 'ready';
  database: string;
  cachedUrl: string;
  uncachedUrl: string;
  readsEveryRequestUrl: string;
  authorization: string;
  userId: string;
  today: string;
  monthStart: string;
  facts: number;
  seedSeconds: number;
}

function startTenant(databaseUrl?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(new URL('./support/billing-bench-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx', ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string> = {}, expectedStatus = 200) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  // Requests autocannon left in flight (an uncached year view takes seconds) would slow the next row:
  // one more, sent after them, ends when they have (PGlite serves one statement at a time).
  await (await fetch(url, { headers })).arrayBuffer();
  const otherAnswers = Object.entries(result.statusCodeStats)
    .filter(([status]) => status !== String(expectedStatus))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  const errors = otherAnswers + result.errors;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

function query(ready: Ready, start: string, end: string, extra: Record<string, string> = {}) {
  return `/api/billing-data?${new URLSearchParams({
    user_id: ready.userId,
    start_date: start,
    end_date: end,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
    ...extra,
  })}`;
}

async function benchTenant(label: string, databaseUrl?: string) {
  const { child, ready } = await startTenant(databaseUrl);
  console.log(
    `\n${label}: ${ready.facts.toLocaleString('en-US')} facts ingested in ${ready.seedSeconds.toFixed(1)} s`,
  );
  const year = ready.today.slice(0, 4);
  const monthEnd = new Date(`${ready.monthStart}T00:00:00Z`);
  monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1, 0);
  const views: Array<[string, string]> = [
    ['year view', query(ready, `${year}-01-01`, `${year}-12-31`)],
    ['month view', query(ready, ready.monthStart, monthEnd.toISOString().slice(0, 10))],
    [
      'month by team tag',
      query(ready, ready.monthStart, monthEnd.toISOString().slice(0, 10), { tag_key: 'team' }),
    ],
  ];
  const rows: Array<Record<string, string | number>> = [];
  const authorization = { authorization: ready.authorization };
  // Unmeasured: the first seconds after the ingest (autovacuum, pg-boss's first maintenance) are no one's.
  await autocannon({ url: `${ready.cachedUrl}/api/health`, connections: CONNECTIONS, duration: 2 });
  for (const [name, path] of views) {
    // The machine is shared: each view is compared with health measured just before it.
    const health = await measure(`${ready.cachedUrl}/api/health`);
    rows.push({ endpoint: `GET /api/health (before the ${name})`, ...health, 'share of health': '100%' });
    const share = (rps: number) => `${Math.round((rps / health.rps) * 100)}%`;
    for (const [mode, base] of [
      ['cached', ready.cachedUrl],
      ['reads-every-request', ready.readsEveryRequestUrl],
      ['uncached', ready.uncachedUrl],
    ] as const) {
      if (!MODES.has(mode)) continue;
      // A cached row measures cached answers: the one request that computes it is made first.
      if (mode !== 'uncached')
        await (await fetch(`${base}${path}`, { headers: authorization })).arrayBuffer();
      const result = await measure(`${base}${path}`, authorization);
      rows.push({ endpoint: `${name} (${mode})`, ...result, 'share of health': share(result.rps) });
    }
    if (!MODES.has('304')) continue;
    // The browser's repeat: If-None-Match with the ETag it holds, answered 304 without a body.
    const first = await fetch(`${ready.cachedUrl}${path}`, { headers: authorization });
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const result = await measure(
      `${ready.cachedUrl}${path}`,
      { ...authorization, 'if-none-match': etag },
      304,
    );
    rows.push({ endpoint: `${name} (304)`, ...result, 'share of health': share(result.rps) });
  }
  console.table(rows);
  child.send({ kind: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (process.env.BENCH_POSTGRES === 'off') return undefined;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log('\nPostgreSQL: not reachable, skipped');
    return undefined;
  }
  const name = `spendguard_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.BENCH_DATABASE_URL ?? ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Entry script, its preloads, and the dashboard chunk with everything it imports statically. */
function dashboardInitialJs(): { files: number; gzipBytes: number } | undefined {
  const dist = path.resolve('dist/web');
  const html = path.join(dist, 'index.html');
  if (!fs.existsSync(html)) return undefined;
  const assets = path.join(dist, 'assets');
  const dashboard = fs.readdirSync(assets).find((file) => /^dashboard-page-.*\.js$/.test(file));
  const start = [...fs.readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  const seen = new Set<string>();
  const queue = [...start, ...(dashboard ? [dashboard] : [])];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file) || !fs.existsSync(path.join(assets, file))) continue;
    seen.add(file);
    const text = fs.readFileSync(path.join(assets, file), 'utf8');
    // Static imports only: `import"./x.js"` and `from"./x.js"`, not `import("./x.js")`.
    for (const match of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1] ?? '');
  }
  let gzipBytes = 0;
  for (const file of seen)
    gzipBytes += zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  return { files: seen.size, gzipBytes };
}

console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, loopback`);
await benchTenant('PGlite');
const postgres = await freshPostgres();
if (postgres) {
  try {
    await benchTenant('PostgreSQL', postgres.url);
  } finally {
    await postgres.drop();
  }
}
const js = dashboardInitialJs();
console.log(
  js
    ? `\nDashboard initial JS (entry, preloads, dashboard chunk and its static imports): ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzipped`
    : '\nDashboard initial JS: run `npx vite build` first (dist/web missing)',
);
