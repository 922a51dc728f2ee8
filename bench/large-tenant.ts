/**
 * GET /api/billing-data for a large tenant (issue 18): 36 months of daily facts, 20 accounts, 150 services,
 * 3 tag keys with 500 values each (support/large-tenant-facts.ts). The server runs in a child process
 * without the answer cache, so every request computes its answer as a first visit does. Timed
 * sequential requests (one at a time, loopback) of the month view and the year view, for the owner, a
 * member whose team owns two accounts and a member whose team owns three tag pairs; p50, p99 and max.
 * Then the owner's two views with CONCURRENCY (4) requests at a time, and the answers per second.
 *
 *   npm run bench -- large-tenant                                   # PGlite, then PostgreSQL
 *   node --import tsx bench/large-tenant.ts [pglite,postgres] [requests=40]
 *   LARGE_TENANT_MONTHS=12 node --import tsx bench/large-tenant.ts  # a smaller history
 *
 * LARGE_TENANT_DATABASE_URL names a PostgreSQL database to use (and keep) instead of a fresh one;
 * BENCH_DATA_DIR a PGlite folder to keep. Either is reused when it already holds the tenant.
 */
import { type ChildProcess, fork } from 'node:child_process';
import pg from 'pg';

const [databases = 'pglite,postgres', requestsArgument = '40'] = process.argv.slice(2);
const REQUESTS = Number(requestsArgument);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Person {
  token: string;
  userId: string;
}
interface Ready {
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

function startTenant(databaseUrl?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(new URL('./support/large-tenant-server.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', DATABASE_URL: '' },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`the large-tenant server exited with ${code}`)));
  });
}

async function stopTenant(child: ChildProcess) {
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
 * `REQUESTS` requests, `concurrency` at a time (one after the other by default); the first one's time
 * apart (a cold planner and cache), and answers per second.
 */
async function timeRequests(url: string, token: string, concurrency = 1) {
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${response.status} ${body.slice(0, 300)}`);
      bytes = body.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  const first = times[0] ?? 0;
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value);
  return {
    first: ms(first),
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted[sorted.length - 1] ?? 0),
    'req/s': (REQUESTS / seconds).toFixed(1),
    kB: Math.round(bytes / 1024),
  };
}

function viewUrl(
  ready: Ready,
  person: Person,
  start: string,
  end: string,
  extra: Record<string, string> = {},
) {
  return `${ready.url}/api/billing-data?${new URLSearchParams({
    user_id: person.userId,
    start_date: start,
    end_date: end,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
    ...extra,
  })}`;
}

function monthEndOf(day: string) {
  const end = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1, 0);
  return end.toISOString().slice(0, 10);
}

async function benchTenant(label: string, databaseUrl?: string) {
  const { child, ready } = await startTenant(databaseUrl);
  try {
    console.log(
      `\n${label}: ${ready.facts.toLocaleString('en-US')} facts${ready.seedSeconds ? ` generated in ${ready.seedSeconds.toFixed(0)} s` : ' (reused)'}; ${REQUESTS} sequential uncached requests per row`,
    );
    const month = [`${ready.today.slice(0, 7)}-01`, monthEndOf(ready.today)] as const;
    const year = [`${ready.today.slice(0, 4)}-01-01`, `${ready.today.slice(0, 4)}-12-31`] as const;
    const rows: Array<Record<string, string | number>> = [];
    for (const [viewName, [start, end]] of [
      ['month view', month],
      ['year view', year],
    ] as const) {
      const owner = await timeRequests(
        viewUrl(ready, ready.people.owner, start, end),
        ready.people.owner.token,
      );
      rows.push({ view: viewName, viewer: 'owner', ...owner, 'vs owner p99': '1.00x' });
      for (const [who, person] of [
        ['member, 2 accounts', ready.people.accounts],
        ['member, 3 tag pairs', ready.people.tags],
      ] as const) {
        const result = await timeRequests(viewUrl(ready, person, start, end), person.token);
        rows.push({
          view: viewName,
          viewer: who,
          ...result,
          'vs owner p99': `${(result.p99 / owner.p99).toFixed(2)}x`,
        });
      }
    }
    const byTeam = await timeRequests(
      viewUrl(ready, ready.people.owner, month[0], month[1], { tag_key: 'team' }),
      ready.people.owner.token,
    );
    rows.push({ view: 'month by team tag', viewer: 'owner', ...byTeam, 'vs owner p99': '' });
    // Several people at once: PGlite answers on the server's one thread, PostgreSQL on its pool.
    for (const [viewName, [start, end]] of [
      ['month view', month],
      ['year view', year],
    ] as const) {
      const together = await timeRequests(
        viewUrl(ready, ready.people.owner, start, end),
        ready.people.owner.token,
        CONCURRENCY,
      );
      rows.push({
        view: `${viewName}, ${CONCURRENCY} at once`,
        viewer: 'owner',
        ...together,
        'vs owner p99': '',
      });
    }
    console.table(rows);
  } finally {
    await stopTenant(child);
  }
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

for (const database of databases.split(',')) {
  if (database === 'pglite') await benchTenant('PGlite');
  else if (database === 'postgres') {
    const postgres = await postgresDatabase();
    if (!postgres) continue;
    dropDatabase = postgres.drop;
    try {
      await benchTenant('PostgreSQL', postgres.url);
    } finally {
      dropDatabase = undefined;
      await postgres.drop();
    }
  } else throw new Error(`unknown database ${database}: pglite or postgres`);
}
