/**
 * One month of the large tenant replaced again, as a run that re-reads a billing period does (issue 18):
 * the period's 45,000 facts staged, then swapped in with `replaceBillingPeriod` (the old month's facts
 * and rollups deleted, the new ones written). Runs on a database that already holds the tenant
 * (bench/large-tenant.ts keeps one with LARGE_TENANT_DATABASE_URL or BENCH_DATA_DIR), so the month is
 * replaced among 36 months of facts and rollups, not in empty tables. Prints each round's two halves and
 * the medians; the tenant's data is the same after as before.
 *
 *   node --import tsx bench/large-tenant-month-swap.ts postgres://postgres@127.0.0.1:5432/lt_full [rounds=5]
 *   node --import tsx bench/large-tenant-month-swap.ts /tmp/large-pglite/pglite [rounds=5]
 */
import { sql } from 'kysely';
import { addMonths, isoDayInTimeZone, monthStart } from '../src/domain/calendar-days.ts';
import { openPglite, openPostgres } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { largeTenantShapeOf, startBenchRun, writeLargeTenantPeriod } from './support/large-tenant-facts.ts';

const [target = '', roundsArgument = '5'] = process.argv.slice(2);
if (!target) {
  console.error('Name the database that holds the large tenant: a postgres:// URL or a PGlite folder.');
  process.exit(2);
}
const rounds = Number(roundsArgument);
const shape = largeTenantShapeOf(process.env);
const database = target.startsWith('postgres') ? await openPostgres(target, 2) : await openPglite(target);
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
  const run = await startBenchRun(db, owner);
  const stage: number[] = [];
  const swap: number[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      // Each round replaces the month the last one wrote: its dead rows are vacuumed first, as
      // autovacuum would between two reads of a month, so every round starts from the same tables.
      await sql`vacuum analyze cost_daily_facts, cost_daily_rollups, cost_monthly_rollups, cost_daily_totals,
        cost_daily_tag_rollups, cost_monthly_tag_rollups, cost_fact_staging`.execute(db);
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
    await db
      .updateTable('ingestion_runs')
      .set({ state: 'succeeded', finished_at: new Date() })
      .where('id', '=', run.id)
      .execute();
  }
  console.log(
    `median of ${rounds}: staged ${median(stage).toFixed(0)} ms, swapped ${median(swap).toFixed(0)} ms (${target.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'})`,
  );
} finally {
  await database.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
