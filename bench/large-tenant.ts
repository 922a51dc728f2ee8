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
import {
  onEachDatabase,
  type Person,
  type Ready,
  startTenant,
  stopTenant,
  timeRequests as timeRequestsOf,
} from './support/large-tenant-runner.ts';

const [databases = 'pglite,postgres', requestsArgument = '40'] = process.argv.slice(2);
const REQUESTS = Number(requestsArgument);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const timeRequests = (url: string, token: string, concurrency = 1) =>
  timeRequestsOf(url, token, REQUESTS, concurrency);

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

await onEachDatabase(databases, benchTenant);
