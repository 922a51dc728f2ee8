/**
 * No request waits on background work (issue 18): `npm start`'s server with the built-in AWS simulator
 * and the demo company; at rest, then while an evaluation of 1,000 alert rules and then a forced full
 * resync of the demo (every billing period refetched, none skipped by its fingerprint) run on the
 * server's own workers, two probes, each in a process of its own, ask one request at a time:
 * `GET /api/health` and the demo's cached dashboard answer (`GET /api/billing-data`, month view). Prints
 * p50/p99/max of each probe in each phase, on PGlite and on PostgreSQL.
 *
 *   npm run bench -- background-work                       # PGlite, then PostgreSQL at TEST_DATABASE_URL
 *   node --import tsx bench/background-work.ts pglite      # one database
 *   BENCH_DATA_DIR=/tmp/demo node --import tsx bench/background-work.ts pglite   # keeps the synced demo
 *   IDLE_S=10 PROBE_INTERVAL_MS=50 node --import tsx bench/background-work.ts
 *   BENCH_SERVER_CPU_PROF=/tmp/prof node --import tsx bench/background-work.ts pglite  # the server's CPU profile
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoDashboardRequest, freePort } from './support/demo-server-process.ts';

const IDLE_S = Number(process.env.IDLE_S ?? 10);
const PROBE_INTERVAL_MS = Number(process.env.PROBE_INTERVAL_MS ?? 50);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface BackgroundWork {
  state: string;
  output: unknown;
  seconds: number;
  runs: Array<{ state: string; rows_read: string; facts_written: string; billing_periods: string[] }>;
}

interface Probed {
  latencies: number[];
  failures: number;
  statuses: Record<string, number>;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/** Waits for one message of a kind from a child; an exit first is an error. */
function nextMessage<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { kind: string; message?: string }) => {
      if (message.kind === 'error') finish(() => reject(new Error(message.message)));
      else if (message.kind === kind) finish(() => resolve(message as T));
    };
    const onExit = (code: number | null) =>
      finish(() => reject(new Error(`the child exited (${code}) before '${kind}'`)));
    const finish = (then: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      then();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Stops a child: asks, then SIGTERM, then SIGKILL, each after a wait. */
async function stopChild(child: ChildProcess, graceMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ kind: 'stop' });
  const waited = (ms: number) =>
    Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  if (await waited(graceMs)) return;
  child.kill('SIGTERM');
  if (await waited(5_000)) return;
  child.kill('SIGKILL');
  await exited;
}

async function startProber(url: string, authorization?: string) {
  const child = fork(
    new URL('./support/latency-prober.ts', import.meta.url),
    [url, String(PROBE_INTERVAL_MS)],
    {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PROBE_AUTHORIZATION: authorization ?? '' },
    },
  );
  await nextMessage(child, 'probing');
  return {
    child,
    async finish(): Promise<Probed> {
      const probed = nextMessage<Probed>(child, 'probed');
      child.send({ kind: 'stop' });
      return probed;
    },
  };
}

function summarize(name: string, probed: Probed) {
  const { latencies } = probed;
  return (
    `${name}: ${latencies.length} requests, ${probed.failures} failed, ` +
    `p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, ` +
    `max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms (statuses ${JSON.stringify(probed.statuses)})`
  );
}

/** Both probes side by side until `work` settles. */
async function probeDuring<T>(url: string, dashboard: string, authorization: string, work: () => Promise<T>) {
  const probers = [
    await startProber(`${url}/api/health`),
    await startProber(`${url}${dashboard}`, authorization),
  ];
  try {
    const result = await work();
    const [health, cached] = await Promise.all(probers.map((prober) => prober.finish()));
    return { result, health: health as Probed, cached: cached as Probed };
  } finally {
    await Promise.all(probers.map((prober) => stopChild(prober.child, 5_000)));
  }
}

async function runOn(database: 'pglite' | 'postgres') {
  const keep = process.env.BENCH_DATA_DIR || undefined;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-background-'));
  const databaseName = `spendguard_bench_bg_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
    } catch (error) {
      console.log(`postgres: skipped (${(error as Error).message})`);
      return;
    } finally {
      await admin.end().catch(() => {});
    }
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const server = fork(new URL('./support/background-work-server.ts', import.meta.url), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_SERVER_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
        : []),
    ],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AWS_SIMULATOR: 'on',
      ANALYTICS_SINK: 'off',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const started = Date.now();
    const { url } = await nextMessage<{ url: string }>(server, 'ready');
    const { path: dashboard, authorization } = await demoDashboardRequest(url);
    server.send({ kind: 'settle' });
    await nextMessage(server, 'settle');
    console.log(
      `\n${database}: server and synced demo ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const first = await fetch(`${url}${dashboard}`, { headers: { authorization } });
    if (!first.ok) throw new Error(`the dashboard answered ${first.status}: ${await first.text()}`);
    const idle = await probeDuring(
      url,
      dashboard,
      authorization,
      () => new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000)),
    );
    console.log(`  at rest (${IDLE_S} s):`);
    console.log(`    ${summarize('/api/health', idle.health)}`);
    console.log(`    ${summarize('cached month view', idle.cached)}`);
    server.send({ kind: 'seed' });
    const seeded = await nextMessage<{ services: number; accounts: number }>(server, 'seed');
    console.log(
      `  1,000 rules written for the demo organization (${seeded.services} services, ${seeded.accounts} accounts)`,
    );
    for (const work of ['evaluate', 'resync'] as const) {
      const busy = await probeDuring(url, dashboard, authorization, async () => {
        server.send({ kind: 'start', work });
        return nextMessage<BackgroundWork>(server, 'start');
      });
      const { runs } = busy.result;
      const lineItems = runs.reduce((sum, run) => sum + Number(run.rows_read), 0);
      const periods = runs.map((run) => run.billing_periods?.length ?? 0);
      console.log(
        work === 'resync'
          ? `  during a full resync (${busy.result.state} in ${busy.result.seconds.toFixed(1)} s; ${runs.length} ingestion runs of ${periods.join(' + ')} billing periods, ${lineItems.toLocaleString('en-US')} line items):`
          : `  during the 1,000-rule evaluation (${busy.result.state} in ${busy.result.seconds.toFixed(1)} s):`,
      );
      console.log(`    ${summarize('/api/health', busy.health)}`);
      console.log(`    ${summarize('cached month view', busy.cached)}`);
    }
  } finally {
    await stopChild(server);
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

const databases = (process.argv[2] ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
console.log(`probes every ${PROBE_INTERVAL_MS} ms, one request at a time each; at rest for ${IDLE_S} s`);
for (const database of databases) await runOn(database);
