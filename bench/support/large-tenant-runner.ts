import { type ChildProcess, fork } from 'node:child_process';
import pg from 'pg';

/**
 * What the large-tenant benchmarks share: the tenant's server in a child process
 * (`large-tenant-server.ts`), timed sequential or concurrent requests, and a fresh PostgreSQL database per
 * run, dropped on every path (an interrupt too).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Person {
  token: string;
  userId: string;
}
export interface Ready {
  kind: 'ready';
  database: string;
  url: string;
  people: { owner: Person; accounts: Person; tags: Person };
  today: string;
  facts: number;
  seedSeconds: number;
}

const children = new Set<ChildProcess>();
/** The fresh PostgreSQL database of the run, dropped on every path (an interrupt too). */
let dropDatabase: (() => Promise<void>) | undefined;
const stopChildren = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopChildren();
    const drop = dropDatabase ?? (async () => {});
    // The server just killed, its connections may linger a moment: `with (force)` ends them.
    void drop()
      .catch((error) => console.error(error))
      .finally(() => process.exit(130));
  });

/** The tenant's server on PGlite (no URL) or PostgreSQL; `env` adds to the environment (its shape). */
export function startTenant(
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(new URL('./large-tenant-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_DATABASE_URL: databaseUrl ?? '', DATABASE_URL: '' },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`the large-tenant server exited with ${code}`)));
  });
}

export async function stopTenant(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ kind: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * `requests` requests, `concurrency` at a time (one after the other by default); the first one's time
 * apart (a cold planner and cache) and the p99 of the others, and answers per second. A token of '' sends
 * none; another status than `expected` stops the run.
 */
export async function timeRequests(
  url: string,
  token: string,
  requests: number,
  concurrency = 1,
  expected: readonly number[] = [200],
) {
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await fetch(url, { headers });
      const body = await response.text();
      times.push(performance.now() - started);
      if (!expected.includes(response.status)) throw new Error(`${response.status} ${body.slice(0, 300)}`);
      bytes = body.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  const first = times[0] ?? 0;
  const sorted = [...times].sort((a, b) => a - b);
  // A fresh server's first request also opens its connections and runs its code for the first time.
  const afterFirst = times.slice(1).sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value);
  return {
    first: ms(first),
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    'p99 after first': ms(percentile(afterFirst, 99)),
    max: ms(sorted[sorted.length - 1] ?? 0),
    'req/s': (requests / seconds).toFixed(1),
    kB: Math.round(bytes / 1024),
  };
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (process.env.LARGE_TENANT_DATABASE_URL)
    return { url: process.env.LARGE_TENANT_DATABASE_URL, drop: async () => {} };
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log('\nPostgreSQL: not reachable, skipped');
    return undefined;
  }
  const name = `spendguard_large_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Runs `bench` once per database named ('pglite', 'postgres', comma-separated): PGlite in a fresh
 * folder, PostgreSQL in a fresh database (or LARGE_TENANT_DATABASE_URL, kept) that is dropped after.
 */
export async function onEachDatabase(
  databases: string,
  bench: (label: string, databaseUrl?: string) => Promise<void>,
): Promise<void> {
  for (const database of databases.split(',')) {
    if (database === 'pglite') await bench('PGlite');
    else if (database === 'postgres') {
      const postgres = await postgresDatabase();
      if (!postgres) continue;
      dropDatabase = postgres.drop;
      try {
        await bench('PostgreSQL', postgres.url);
      } finally {
        dropDatabase = undefined;
        await postgres.drop();
      }
    } else throw new Error(`unknown database ${database}: pglite or postgres`);
  }
}
