/**
 * A first sync's backfill shared by worker nodes (docs/decisions/082): the simulated company's export
 * (13 monthly CUR 2.0 Parquet files served by the AWS simulator's S3) synced by one web node and M worker
 * processes on one fresh PostgreSQL database, for each M asked (1 and 2 by default). Times the first
 * sync from the request to the integration's `ready`, and splits it: the sync's own part (its two
 * newest months, the fleet, the decision of what to fetch), which one node runs, and the older months,
 * one job each, which the workers share. Prints, per M, the wall time, the months each worker took,
 * the sum of the older months' runs and what a further worker would add on the measured split.
 *
 *   node --import tsx bench/aws-backfill.ts [workers=1,2]
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { AwsSimulator } from '../src/aws-sim/index.ts';
import { startTestSimulator } from '../src/aws-sim/testing/test-simulator.ts';
import { openPostgres } from '../src/server/db/database.ts';
import {
  type BackfillNodes,
  callApi,
  connectSimulatedExport,
  periodsSyncedBy,
  startBackfillNodes,
} from '../src/server/testing/backfill-nodes.ts';
import { until } from '../src/server/testing/until.ts';

const [workersArgument = '1,2'] = process.argv.slice(2);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let nodes: BackfillNodes | undefined;
let simulator: AwsSimulator | undefined;
const dropped: Array<() => Promise<void>> = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void (nodes?.stop() ?? Promise.resolve())
      .then(() => Promise.all(dropped.map((drop) => drop())))
      .finally(() => process.exit(130));
  });

async function freshDatabase() {
  const name = `spendguard_backfill_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  const drop = async () => {
    await database.close();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  dropped.push(drop);
  return { database, drop };
}

async function backfillWith(workers: number) {
  const { database, drop } = await freshDatabase();
  try {
    nodes = await startBackfillNodes(database, simulator as AwsSimulator, workers);
    const began = performance.now();
    const integrationId = await connectSimulatedExport(nodes, simulator as AwsSimulator);
    const view = await until(async () => {
      const seen = await callApi(nodes as BackfillNodes, 'GET', `/api/integrations/${integrationId}/status`);
      return seen.state === 'ready' || seen.state === 'error' ? seen : undefined;
    });
    const wallMs = performance.now() - began;
    if (view.state !== 'ready')
      throw new Error(`the sync ended in ${view.state}: ${JSON.stringify(view.last_error)}`);
    const runs = (
      await sql<{ period: string; ms: number; facts: string; rows: string; started: Date; finished: Date }>`
        select billing_periods->>0 as period, facts_written as facts, rows_read as rows, started_at as started,
          finished_at as finished, extract(epoch from finished_at - started_at) * 1000 as ms
        from ingestion_runs where integration_id = ${integrationId} order by started_at`.execute(database.db)
    ).rows;
    const taken = periodsSyncedBy(nodes.workers);
    const older = new Set(taken.flat());
    const olderRuns = runs.filter((run) => older.has(run.period.slice(0, 7)));
    const firstOlder = Math.min(...olderRuns.map((run) => run.started.getTime()));
    const lastOlder = Math.max(...olderRuns.map((run) => run.finished.getTime()));
    return {
      workers,
      wallMs,
      months: runs.length,
      facts: runs.reduce((sum, run) => sum + Number(run.facts), 0),
      lineItems: runs.reduce((sum, run) => sum + Number(run.rows), 0),
      olderRunsMs: olderRuns.reduce((sum, run) => sum + Number(run.ms), 0),
      olderSpanMs: lastOlder - firstOlder,
      taken: taken.map((periods) => periods.length),
    };
  } finally {
    await nodes?.stop();
    nodes = undefined;
    await drop();
    dropped.splice(dropped.indexOf(drop), 1);
  }
}

({ simulator } = await startTestSimulator());
try {
  const results = [];
  for (const workers of workersArgument.split(',').map(Number)) {
    const result = await backfillWith(workers);
    results.push(result);
    console.log(
      `${workers} worker(s): ready in ${(result.wallMs / 1000).toFixed(1)} s; ${result.months} months, ${result.lineItems.toLocaleString('en-US')} line items, ${result.facts.toLocaleString('en-US')} facts; older months' runs ${(result.olderRunsMs / 1000).toFixed(1)} s of work over ${(result.olderSpanMs / 1000).toFixed(1)} s; months per worker ${result.taken.join(' + ')}`,
    );
  }
  // The split: the older months' span is the shared part; the rest of the wall time one node runs.
  for (const result of results) {
    const serial = result.wallMs - result.olderSpanMs;
    const perMonth =
      result.olderRunsMs /
      Math.max(
        1,
        result.taken.reduce((a, b) => a + b, 0),
      );
    console.log(
      `  ${result.workers} worker(s): serial part ${(serial / 1000).toFixed(1)} s, shared part ${(result.olderSpanMs / 1000).toFixed(1)} s, ${(perMonth / 1000).toFixed(2)} s per older month on average (speed-up of the shared part over its work: ${(result.olderRunsMs / result.olderSpanMs).toFixed(2)}x)`,
    );
  }
} finally {
  await simulator.close();
}
