/**
 * EXPLAIN ANALYZE of the cost-slice statements one uncached dashboard answer runs (month or year view),
 * on a database that holds the large tenant (bench/large-tenant.ts kept it), for the owner and the two
 * scoped members. Prints each statement's planning and execution time and, with PLANS=1, its plan.
 *
 *   node --import tsx bench/large-tenant-explain.ts postgres://postgres@127.0.0.1:5432/lt_full [month|year]
 *   node --import tsx bench/large-tenant-explain.ts /tmp/large-pglite/pglite [month|year]
 */
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { chooseBucketGranularity, comparablePreviousPeriod } from '../src/domain/billing-view.ts';
import {
  addDays,
  addMonths,
  earlierDay,
  isoDayInTimeZone,
  laterDay,
  monthStart,
} from '../src/domain/calendar-days.ts';
import { type CostScope, costScopeOf } from '../src/domain/cost-scope.ts';
import { FORECAST_HISTORY_DAYS } from '../src/domain/forecast.ts';
import { openPglite, openPostgres } from '../src/server/db/database.ts';
import { createCostSlices } from '../src/server/modules/cost-data/cost-slices.service.ts';
import { ACCOUNT_TEAM, TAG_TEAM } from './support/large-tenant-facts.ts';

const [target = '', view = 'month'] = process.argv.slice(2);
const database = target.startsWith('postgres') ? await openPostgres(target, 2) : await openPglite(target);
const captured: CompiledQuery[] = [];
const capture: KyselyPlugin = {
  transformQuery(args) {
    captured.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  },
  transformResult: async (args) => args.result,
};
const slices = createCostSlices(database.db.withPlugin(capture));
const integration = await database.db
  .selectFrom('integrations')
  .select(['id', 'organization_id'])
  .where('name', '=', 'Large tenant')
  .executeTakeFirstOrThrow();

const today = isoDayInTimeZone(new Date(), 'UTC');
const visibleFrom = addMonths(monthStart(today), -35);
const [start, end] =
  view === 'year'
    ? [`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`]
    : [monthStart(today), addDays(addMonths(monthStart(today), 1), -1)];

/** The statements compute() in billing-data.service.ts runs for a view without a tag key. */
async function statementsOf(scope: CostScope) {
  captured.length = 0;
  const slice = {
    organizationId: integration.organization_id,
    integrations: [integration.id],
    scope,
    filter: { accountIds: [], services: [], tag: null, providers: [] },
    start: visibleFrom,
    end,
    basis: 'unblended' as const,
  };
  const previous = comparablePreviousPeriod(start, end, today);
  const historyStart = laterDay(
    earlierDay(monthStart(today), addDays(today, -FORECAST_HISTORY_DAYS)),
    visibleFrom,
  );
  const named: Array<[string, () => Promise<unknown>]> = [
    [
      'main',
      () =>
        slices.summarize(
          { ...slice, start, end },
          { bucket: chooseBucketGranularity(start, end), key: 'service' },
        ),
    ],
    [
      'previous',
      () =>
        slices.summarize(
          { ...slice, start: laterDay(previous.startDate, visibleFrom), end: previous.endDate },
          { bucket: 'none', key: 'service' },
        ),
    ],
    [
      'last month',
      () =>
        slices.summarize(
          { ...slice, start: addMonths(monthStart(today), -1), end: addDays(monthStart(today), -1) },
          { bucket: 'none', key: 'service' },
        ),
    ],
    ['forecast history', () => slices.daily({ ...slice, start: historyStart, end: today }, 'none')],
    ['tag keys', () => slices.tagKeys(slice)],
    ['providers', () => slices.providers(slice)],
    ['team tag values', () => slices.tagValues(slice, 'team')],
    ['the months the data holds', () => slices.billingPeriodsHeld(slice)],
  ];
  const statements: Array<[string, CompiledQuery]> = [];
  for (const [name, run] of named) {
    captured.length = 0;
    await run();
    for (const query of captured) statements.push([name, query]);
  }
  return statements;
}

for (const [who, scope] of [
  ['owner', costScopeOf('owner', [])],
  ['member, 2 accounts', costScopeOf('member', [{ accountIds: ACCOUNT_TEAM, tags: [] }])],
  ['member, 3 tag pairs', costScopeOf('member', [{ accountIds: [], tags: TAG_TEAM }])],
] as const) {
  console.log(`\n## ${view} view, ${who}`);
  for (const [name, query] of await statementsOf(scope)) {
    const explained = await database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    const lines = explained.rows.map((row) => row['QUERY PLAN']);
    const timing = lines.filter((line) => /^(Planning|Execution) Time/.test(line)).join(', ');
    console.log(`${name.padEnd(18)} ${timing}`);
    if (process.env.PLANS) console.log(lines.join('\n'));
  }
}
await database.close();
