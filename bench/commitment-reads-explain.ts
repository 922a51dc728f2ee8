/**
 * Where an uncached Commitments page answer spends its time, on a database that holds the large tenant with
 * commitments (`commitment-reads.ts` run with LARGE_TENANT_DATABASE_URL keeps it): the commitments
 * service's own view, run as the page asks for it (the default 30 days by day, a year by month) for the
 * owner and the member whose team owns two accounts. Prints the view's wall time (first call, then the
 * median of the next ones), and each statement it ran with its planning and execution time from
 * EXPLAIN (ANALYZE, BUFFERS); with PLANS=1, each plan.
 *
 *   node --import tsx bench/commitment-reads-explain.ts postgres://postgres@127.0.0.1:5432/lt [runs=5]
 */
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { CommitmentsQuery } from '../src/contracts/commitments.ts';
import { addDays, isoDayInTimeZone } from '../src/domain/calendar-days.ts';
import { type CostScope, costScopeOf } from '../src/domain/cost-scope.ts';
import type { Viewer } from '../src/server/auth/viewer.ts';
import { systemClock } from '../src/server/clock.ts';
import { openPglite, openPostgres } from '../src/server/db/database.ts';
import {
  type CommitmentsDependencies,
  createCommitmentsService,
} from '../src/server/modules/commitments/commitments.service.ts';
import { createCommitmentReads } from '../src/server/modules/cost-data/commitment-reads.repository.ts';
import { ACCOUNT_TEAM } from './support/large-tenant-facts.ts';

const [target = '', runsArgument = '5'] = process.argv.slice(2);
const RUNS = Math.max(2, Number(runsArgument));
const database = target.startsWith('postgres') ? await openPostgres(target, 10) : await openPglite(target);
const captured: CompiledQuery[] = [];
const capture: KyselyPlugin = {
  transformQuery(args) {
    captured.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  },
  transformResult: async (args) => args.result,
};
const integration = await database.db
  .selectFrom('integrations')
  .select(['id', 'name', 'organization_id'])
  .where('name', '=', 'Large tenant')
  .executeTakeFirstOrThrow();
const viewer = { organizationId: integration.organization_id } as Viewer;

function serviceFor(scope: CostScope) {
  const deps: CommitmentsDependencies = {
    context: { clock: systemClock, database },
    costData: { commitments: createCommitmentReads(database.db.withPlugin(capture)) },
    integrations: {
      resolve: async () => ({ id: integration.id, name: integration.name }),
    } as unknown as CommitmentsDependencies['integrations'],
    organizations: { costScopeFor: async () => scope },
  };
  return createCommitmentsService(deps);
}

const today = isoDayInTimeZone(new Date(), 'UTC');
const views: Array<[string, CommitmentsQuery]> = [
  ['30 days by day', { integration: 'default', granularity: 'day' }],
  [
    'a year by month',
    { integration: 'default', from: addDays(today, -364), to: today, granularity: 'month' },
  ],
];
const people: Array<[string, CostScope]> = [
  ['owner', costScopeOf('owner', [])],
  ['member, 2 accounts', costScopeOf('member', [{ accountIds: ACCOUNT_TEAM, tags: [] }])],
];

for (const [who, scope] of people) {
  const service = serviceFor(scope);
  for (const [name, query] of views) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      captured.length = 0;
      const started = performance.now();
      await service.view(viewer, query);
      times.push(performance.now() - started);
    }
    const rest = times.slice(1).sort((a, b) => a - b);
    const median = rest[Math.floor(rest.length / 2)] ?? 0;
    console.log(
      `\n## ${name}, ${who}: view first ${times[0]?.toFixed(0)} ms, then median ${median.toFixed(0)} ms`,
    );
    for (const statement of [...captured]) {
      const explained = await database.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]),
      );
      const lines = explained.rows.map((row) => row['QUERY PLAN']);
      const timing = lines.filter((line) => /^(Planning|Execution) Time/.test(line)).join(', ');
      const table = statement.sql.match(/from (cost_\w+)/)?.[1] ?? '';
      console.log(`${table.padEnd(28)} ${timing}`);
      if (process.env.PLANS) console.log(lines.map((line) => line.slice(0, 240)).join('\n'));
    }
  }
}
await database.close();
