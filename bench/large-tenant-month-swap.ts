/**
 * One month of the large tenant replaced again, as a run that re-reads a billing period does (issue 18):
 * the period's 45,000 facts staged, then swapped in with `replaceBillingPeriod` (the old month's facts
 * and rollups deleted, the new ones written). Runs on a database that already holds the tenant
 * (bench/large-tenant.ts keeps one with LARGE_TENANT_DATABASE_URL or BENCH_DATA_DIR), so the month is
 * replaced among 36 months of facts and rollups, not in empty tables. Prints each round's two halves and
 * the medians; the tenant's data is the same after as before.
 *
 * Meanwhile a reader reads another month, the current one, as the dashboard's uncached month view does
 * (the owner's main statement, then a tag-scoped member's, which reads the tag-set rollups, decision 092), one read after the
 * other on a connection of its own: its latency while no month is replaced, then during the rounds.
 * A swap that blocked readers of other months would show here.
 *
 *   node --import tsx bench/large-tenant-month-swap.ts postgres://postgres@127.0.0.1:5432/lt_full [rounds=5]
 *   node --import tsx bench/large-tenant-month-swap.ts /tmp/large-pglite/pglite [rounds=5]
 */
import { sql } from 'kysely';
import { addMonths, isoDayInTimeZone, monthStart } from '../src/domain/calendar-days.ts';
import { costScopeOf } from '../src/domain/cost-scope.ts';
import { openPglite, openPostgres } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createCostSlices } from '../src/server/modules/cost-data/cost-slices.service.ts';
import {
  largeTenantShapeOf,
  startBenchRun,
  TAG_TEAM,
  writeLargeTenantPeriod,
} from './support/large-tenant-facts.ts';

const [target = '', roundsArgument = '5'] = process.argv.slice(2);
if (!target) {
  console.error('Name the database that holds the large tenant: a postgres:// URL or a PGlite folder.');
  process.exit(2);
}
const rounds = Number(roundsArgument);
const shape = largeTenantShapeOf(process.env);
const database = target.startsWith('postgres') ? await openPostgres(target, 3) : await openPglite(target);
const { db } = database;
try {
  await migrateToLatest(db);
  const integration = await db
    .selectFrom('integrations')
    .select(['id', 'organization_id'])
    .where('name', '=', 'Large tenant')
    .executeTakeFirstOrThrow();
  const owner = { organizationId: integration.organization_id, integrationId: integration.id };
  const today = isoDayInTimeZone(new Date(), 'UTC');
  const firstPeriod = addMonths(monthStart(today), -(shape.months - 1));
  // A month in the middle of the history: the tables hold 35 other months around it.
  const middle = Math.floor(shape.months / 2);
  const reader = readerOfCurrentMonth(owner.organizationId, owner.integrationId, today);
  const idle = await reader.readFor(rounds * 10);
  reader.start();
  const run = await startBenchRun(db, owner);
  const stage: number[] = [];
  const swap: number[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      // Each round replaces the month the last one wrote: its dead rows are vacuumed first, as
      // autovacuum would between two reads of a month, so every round starts from the same tables.
      await sql`vacuum analyze cost_daily_facts, cost_daily_rollups, cost_monthly_rollups, cost_daily_totals,
        cost_daily_tag_rollups, cost_monthly_tag_rollups, cost_daily_tag_set_rollups, cost_fact_staging`.execute(
        db,
      );
      const timed = await writeLargeTenantPeriod(
        db,
        { shape, runId: run.id, owner, today, firstPeriod },
        middle,
      );
      stage.push(timed.stageMs);
      swap.push(timed.swapMs);
      console.log(
        `round ${round}: ${timed.period} staged in ${timed.stageMs.toFixed(0)} ms, swapped in ${timed.swapMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await reader.stop();
    await db
      .updateTable('ingestion_runs')
      .set({ state: 'succeeded', finished_at: new Date() })
      .where('id', '=', run.id)
      .execute();
  }
  console.log(
    `median of ${rounds}: staged ${median(stage).toFixed(0)} ms, swapped ${median(swap).toFixed(0)} ms (${target.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'})`,
  );
  const during = reader.latencies;
  console.log(
    `reads of the current month (owner's month view, then a tag-scoped member's), ms: while no month is replaced ${summary(idle)}; during the ${rounds} rounds ${summary(during)}`,
  );
} finally {
  await database.close();
}

/** p50 / p99 / max of `values` (ms), and how many. */
function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
  return `p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)} (${values.length} reads)`;
}

/** The dashboard's reads of the current month, one after another on their own connection. */
function readerOfCurrentMonth(organizationId: string, integrationId: string, today: string) {
  const slices = createCostSlices(db);
  const slice = {
    organizationId,
    integrations: [integrationId],
    filter: { accountIds: [], services: [], tag: null, providers: [] },
    start: monthStart(today),
    end: today,
    basis: 'unblended' as const,
  };
  const grouping = { bucket: 'day' as const, key: 'service' as const };
  const readOnce = async () => {
    const started = performance.now();
    await slices.summarize({ ...slice, scope: costScopeOf('owner', []) }, grouping);
    await slices.summarize(
      { ...slice, scope: costScopeOf('member', [{ accountIds: [], tags: TAG_TEAM }]) },
      grouping,
    );
    return performance.now() - started;
  };
  const latencies: number[] = [];
  let running: Promise<void> | undefined;
  let stopping = false;
  return {
    latencies,
    async readFor(count: number) {
      const times: number[] = [];
      for (let read = 0; read < count; read += 1) times.push(await readOnce());
      return times;
    },
    start() {
      running = (async () => {
        while (!stopping) latencies.push(await readOnce());
      })();
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
