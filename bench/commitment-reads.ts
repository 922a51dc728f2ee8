/**
 * The Commitments page's reads (utilization and coverage, GET /api/commitments) on the large tenant of
 * `large-tenant.ts` with `LARGE_TENANT_COMMITMENTS` (200 by default) Savings Plans and reservations in its
 * bill, each paying for usage in 5 of its 20 accounts a day for 36 months (support/large-tenant-facts.ts).
 * There is no answer cache on this route: every request reads the tables. Timed sequential requests
 * (one at a time, loopback): GET /api/health first, as the floor of the same run, then the page's
 * default 30 days by day, a year by month, the 30 days of the member whose team owns two accounts and
 * of the member whose team owns three tag pairs (decision 142), and
 * the dashboard's month view, whose forecast now reads the commitments ending this month (one does),
 * and that view cut by a choice of tag values with the lines without the key (decision 143).
 * p50, p99, max, and each p99 as a ratio to /api/health's.
 *
 *   npm run bench -- commitment-reads                       # PostgreSQL
 *   node --import tsx bench/commitment-reads.ts [postgres,pglite] [requests=40]
 */
import { tagValueOf } from './support/large-tenant-facts.ts';
import type { Person, Ready } from './support/large-tenant-runner.ts';
import { onEachDatabase, startTenant, stopTenant, timeRequests } from './support/large-tenant-runner.ts';

const [databases = 'postgres', requestsArgument = '40'] = process.argv.slice(2);
const REQUESTS = Number(requestsArgument);
const COMMITMENTS = process.env.LARGE_TENANT_COMMITMENTS ?? '200';

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

function commitmentsUrl(ready: Ready, params: Record<string, string>) {
  return `${ready.url}/api/commitments?${new URLSearchParams({ integration: 'default', ...params })}`;
}

function monthViewUrl(ready: Ready, person: Person, tag = { key: 'all', values: 'All' }) {
  const start = `${ready.today.slice(0, 7)}-01`;
  const end = new Date(Date.parse(`${start}T00:00:00Z`));
  end.setUTCMonth(end.getUTCMonth() + 1, 0);
  return `${ready.url}/api/billing-data?${new URLSearchParams({
    user_id: person.userId,
    start_date: start,
    end_date: end.toISOString().slice(0, 10),
    integration: 'default',
    tag_key: tag.key,
    selected_tag_values: tag.values,
    is_amortized: 'false',
  })}`;
}

async function benchCommitments(label: string, databaseUrl?: string) {
  const { child, ready } = await startTenant(databaseUrl, { LARGE_TENANT_COMMITMENTS: COMMITMENTS });
  try {
    const { owner, accounts, tags } = ready.people;
    console.log(
      `\n${label}: ${ready.facts.toLocaleString('en-US')} facts, ${COMMITMENTS} commitments${ready.seedSeconds ? `, generated in ${ready.seedSeconds.toFixed(0)} s` : ' (reused)'}; ${REQUESTS} sequential uncached requests per row`,
    );
    const yearAgo = daysBefore(ready.today, 364);
    // The tenant's server runs no job queue, so its health answers 503 "degraded" after the same checks.
    const health = await timeRequests(`${ready.url}/api/health`, '', REQUESTS, 1, [200, 503]);
    const rows: Array<Record<string, string | number>> = [
      { read: '/api/health', viewer: '-', ...health, 'p99 vs health': '1.0x' },
    ];
    const reads: Array<[string, string, Person, string]> = [
      ['commitments, 30 days by day', 'owner', owner, commitmentsUrl(ready, {})],
      [
        'commitments, a year by month',
        'owner',
        owner,
        commitmentsUrl(ready, { from: yearAgo, to: ready.today, granularity: 'month' }),
      ],
      ['commitments, 30 days by day', 'member, 2 accounts', accounts, commitmentsUrl(ready, {})],
      ['commitments, 30 days by day', 'member, 3 tag pairs', tags, commitmentsUrl(ready, {})],
      [
        'commitments, a year by month',
        'member, 3 tag pairs',
        tags,
        commitmentsUrl(ready, { from: yearAgo, to: ready.today, granularity: 'month' }),
      ],
      ['billing-data month (forecast)', 'owner', owner, monthViewUrl(ready, owner)],
      // A choice of tag values with the lines without the key (decision 143): the account days less the
      // tag-set days of other values.
      [
        'billing-data month, team=team-007',
        'owner',
        owner,
        monthViewUrl(ready, owner, { key: 'team', values: tagValueOf('team', 7) }),
      ],
      [
        'billing-data month, team=team-007 or untagged',
        'owner',
        owner,
        monthViewUrl(ready, owner, { key: 'team', values: `${tagValueOf('team', 7)},untagged` }),
      ],
      [
        'billing-data month, project untagged',
        'member, 3 tag pairs',
        tags,
        monthViewUrl(ready, tags, { key: 'project', values: 'untagged' }),
      ],
    ];
    for (const [read, viewer, person, url] of reads) {
      const result = await timeRequests(url, person.token, REQUESTS);
      rows.push({ read, viewer, ...result, 'p99 vs health': `${(result.p99 / health.p99).toFixed(1)}x` });
    }
    console.table(rows);
  } finally {
    await stopTenant(child);
  }
}

await onEachDatabase(databases, benchCommitments);
