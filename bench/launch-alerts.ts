import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * `npm run bench -- launch-alerts` (issue 17): early warning, measured through the real app, its
 * pg-boss workers and the launch-events poller against the AWS simulator's SQS. See bench/README.md.
 *
 *   node --import tsx bench/launch-alerts.ts [parts=latency,throughput] [databases=pglite,postgres]
 *   RUNS=50 EVENTS_PER_MINUTE=1000 INTEGRATIONS=50 DURATION_S=180 LAUNCH_EVENT_POLLERS_PER_NODE=50 …
 *
 * 1. latency (support/launch-latency.ts): a GPU burst's enqueue to its alert mail accepted by a real
 *    SMTP server and its Slack post accepted by a local receiver, over RUNS launches;
 * 2. throughput (support/launch-throughput.ts): EVENTS_PER_MINUTE across INTEGRATIONS queues for
 *    DURATION_S, stored per minute, the queue depth back to zero, the lag from send to stored.
 *
 * Each part runs in a process of its own on each database: PGlite in memory, and PostgreSQL as the
 * test helper opens it (a new database at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
 * dropped after), skipped when that server does not answer.
 */
const folder = path.dirname(fileURLToPath(import.meta.url));
const parts = (process.argv[2] ?? 'latency,throughput').split(',');
const databases = (process.argv[3] ?? 'pglite,postgres').split(',');

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 3_000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const argumentsOf: Record<string, string[]> = {
  latency: [process.env.RUNS ?? '50'],
  throughput: [
    process.env.EVENTS_PER_MINUTE ?? '1000',
    process.env.INTEGRATIONS ?? '50',
    process.env.DURATION_S ?? '180',
  ],
};

let failed = false;
for (const database of databases) {
  if (database === 'postgres' && !(await postgresAnswers())) {
    console.log('PostgreSQL: skipped (no server at TEST_DATABASE_URL)');
    continue;
  }
  for (const part of parts) {
    const args = argumentsOf[part];
    if (!args) {
      console.error(`No part named ${part}: latency or throughput.`);
      process.exit(2);
    }
    console.log(`\n--- ${part} on ${database} ---`);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--no-warnings', path.join(folder, 'support', `launch-${part}.ts`), ...args],
      { stdio: 'inherit', env: { ...process.env, TEST_DATABASE: database } },
    );
    if (run.status !== 0) failed = true;
  }
}
if (failed) process.exit(1);
