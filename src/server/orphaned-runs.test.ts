import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCur2Parquet } from '../../bench/generate-cur2-parquet.ts';
import type { IntegrationView } from '../contracts/integrations.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { parseConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { createCostDataService } from './modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { prepareDatabaseSchema } from './schema-setup.ts';
import { openConfiguredDatabase } from './server.ts';
import { bearer, signUpVerifiedPerson } from './testing/accounts-fixtures.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { openTestDatabase, testDatabaseKind } from './testing/test-database.ts';

/**
 * A process killed while it reads a run (SIGKILL, as an OOM killer or a power cut would) left
 * the run `running` for good and its upload in DATA_DIR/uploads (8.5 GB after 15 kills). Runs orphaned
 * by a dead process are failed, at start and by a sweep; upload files no unended run needs are removed.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-orphans-'));
const dataDir = path.join(root, 'data');
const uploads = path.join(dataDir, 'uploads');
const bigFile = path.join(root, 'big.parquet');
const smallFile = path.join(root, 'small.parquet');
/** PostgreSQL: a fresh database the child servers share; PGlite: the one under DATA_DIR. */
let postgres: Database | undefined;
let environment: Record<string, string> = {};
let token = '';
let integrationId = '';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers a value (a state reached), never asserting on elapsed time. */
async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await pause(100);
  }
}

async function withApp<T>(
  work: (context: AppContext, app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
) {
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...environment });
  const { database, unlock } = await openConfiguredDatabase(config);
  const context: AppContext = { config, database, log: pino({ level: 'silent' }), clock: systemClock };
  try {
    await prepareDatabaseSchema(context);
    const app = await buildApp(context);
    try {
      return await work(context, app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    unlock();
  }
}

/** npm start's server on this test's database, beating once a second: a run silent for 4 s is orphaned. */
function startServer(): ServerProcess {
  return startServerProcess(environment.DATA_DIR ?? '', { ...environment, INGEST_HEARTBEAT_SECONDS: '1' });
}

async function card(url: string): Promise<IntegrationView> {
  const response = await fetch(`${url}/api/integrations/${integrationId}/status`, { headers: bearer(token) });
  return (await response.json()) as IntegrationView;
}

async function uploadFile(url: string, file: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await fetch(`${url}/api/integrations/${integrationId}/files`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  expect(response.status).toBe(202);
}

beforeAll(async () => {
  // The killed process cannot remove its DuckDB spill folder: it goes under root, which afterAll removes.
  const killedProcessTmp = path.join(root, 'tmp');
  fs.mkdirSync(killedProcessTmp, { recursive: true });
  environment = { DATA_DIR: dataDir, TMPDIR: killedProcessTmp };
  if (testDatabaseKind === 'postgres') {
    postgres = await openTestDatabase();
    if (!postgres.connectionString) throw new Error('expected a PostgreSQL test database');
    environment.DATABASE_URL = postgres.connectionString;
  }
  await generateCur2Parquet(smallFile, 2_000);
  await generateCur2Parquet(bigFile, 1_500_000);
  await withApp(async (context, app) => {
    ({ token } = await signUpVerifiedPerson({ app, context } as never, { email: 'orphans@example.com' }));
    const created = await app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: bearer(token),
      payload: { kind: 'upload', name: 'Killed mid-ingest' },
    });
    integrationId = created.json().id;
  });
}, 180_000);
afterAll(async () => {
  await postgres?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a server killed with SIGKILL in the middle of an ingest', () => {
  let server: ReturnType<typeof startServer> | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('fails the orphaned run after restart, removes its upload file, and reads the next upload', async () => {
    server = startServer();
    let url = await server.url;
    await uploadFile(url, bigFile);
    await waitFor(async () => {
      const run = (await card(url)).latest_run;
      return run?.state === 'running' && run.percent > 0 ? run : undefined;
    });
    expect(fs.readdirSync(uploads)).toHaveLength(1);
    server.child.kill('SIGKILL');
    await server.exited;
    // What the dead process left: a run that claims to be reading, and its file.
    expect(fs.readdirSync(uploads)).toHaveLength(1);

    server = startServer();
    url = await server.url;
    const ended = await waitFor(async () => {
      const view = await card(url);
      return view.latest_run?.state === 'running' ? undefined : view;
    });
    expect(ended.latest_run?.state).toBe('failed');
    expect(ended.latest_run?.error?.message).toMatch(/^The server stopped while this run was reading/);
    expect(ended.state).toBe('error');
    expect(ended.last_error?.message).toBe(ended.latest_run?.error?.message);
    await waitFor(async () => (fs.readdirSync(uploads).length === 0 ? true : undefined));

    await uploadFile(url, smallFile);
    const next = await waitFor(async () => {
      const view = await card(url);
      return view.latest_run?.state === 'succeeded' || view.latest_run?.state === 'failed' ? view : undefined;
    });
    expect(next.latest_run?.state).toBe('succeeded');
    expect(next.state).toBe('ready');
    await waitFor(async () => (fs.readdirSync(uploads).length === 0 ? true : undefined));
    server.child.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});

describe('the sweep of orphaned runs and upload files', () => {
  it('fails only runs whose beat stopped, and keeps the files of runs that have not ended', async () => {
    await withApp(async (context) => {
      const { db } = context.database;
      const costData = createCostDataService(db);
      const integrations = createIntegrationsService(context, costData);
      const folder = (name: string) => {
        const made = path.join(uploads, name);
        fs.mkdirSync(made, { recursive: true });
        fs.writeFileSync(path.join(made, 'cur.csv'), 'lineItem/UsageStartDate\n');
        return made;
      };
      const runWith = async (name: string, state: string, heartbeatAt: Date | null) => {
        const run = await costData.createRun({
          organizationId: (
            await db.selectFrom('integrations').select('organization_id').executeTakeFirstOrThrow()
          ).organization_id,
          integrationId,
          trigger: 'upload',
          files: [`${name}.csv`],
          uploadDir: folder(name),
        });
        await db
          .updateTable('ingestion_runs')
          .set({ state, heartbeat_at: heartbeatAt, started_at: heartbeatAt })
          .where('id', '=', run.id)
          .execute();
        return run.id;
      };
      const now = Date.now();
      const longAgo = new Date(now - 3_600_000);
      const waiting = await runWith('waiting', 'queued', null);
      const held = await runWith('held', 'held', null);
      const ended = await runWith('ended', 'failed', longAgo);
      const live = await runWith('live', 'running', new Date(now));
      const orphaned = await runWith('orphaned', 'running', longAgo);
      const unreferenced = folder('no-run');
      const old = new Date(now - 3_600_000);
      for (const name of ['waiting', 'held', 'ended', 'live', 'orphaned', 'no-run']) {
        fs.utimesSync(path.join(uploads, name, 'cur.csv'), old, old);
        fs.utimesSync(path.join(uploads, name), old, old);
      }
      const streaming = folder('still-streaming');
      // Touched now on the test's clock: a new folder's time comes from the kernel, which `faketime` does not move.
      fs.utimesSync(streaming, new Date(now), new Date(now));
      // What each run left staged: a running run keeps its own; no other run will swap any (decision 067).
      const gone = crypto.randomUUID();
      for (const runId of [live, orphaned, ended, gone]) {
        await sql`insert into cost_fact_staging (run_id, billing_period, usage_date, provider, billing_account_id,
            usage_account_id, service_code, service_name, region, usage_type, charge_type, tags, currency,
            unblended_cost, amortized_cost, net_cost, usage_quantity, line_items)
          values (${runId}::uuid, '2026-10-01', '2026-10-02', 'AWS', '111111111111', '111111111111', 'AmazonEC2',
            'Amazon Elastic Compute Cloud', 'us-east-1', 'BoxUsage', 'Usage', '{}', 'USD', 1, 1, 1, 1, 1)`.execute(
          db,
        );
      }

      const swept = await integrations.sweepOrphans({
        staleBefore: new Date(now - 60_000),
        untouchedSince: new Date(now - 60_000),
      });

      expect(swept.failedRuns).toEqual([orphaned]);
      expect(swept.stoppedSyncs).toEqual([]);
      const states = await db
        .selectFrom('ingestion_runs')
        .select(['id', 'state'])
        .where('id', 'in', [waiting, held, ended, live, orphaned])
        .execute();
      expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
        [waiting]: 'queued',
        [held]: 'held',
        [ended]: 'failed',
        [live]: 'running',
        [orphaned]: 'failed',
      });
      const staged = await sql<{ run_id: string }>`select run_id from cost_fact_staging`.execute(db);
      expect(staged.rows.map((row) => row.run_id)).toEqual([live]);
      expect(fs.readdirSync(uploads).sort()).toEqual(['held', 'live', 'still-streaming', 'waiting']);
      expect(fs.existsSync(unreferenced)).toBe(false);
      expect(fs.existsSync(streaming)).toBe(true);
      fs.rmSync(uploads, { recursive: true, force: true });
    });
  });

  it('a run the sweep ended while its worker still read replaces no month, and the months keep their data', async () => {
    await withApp(async (context, app) => {
      const { db } = context.database;
      const costData = createCostDataService(db);
      const owner = await signUpVerifiedPerson({ app, context } as never, { email: 'stalled@example.com' });
      const created = await app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: bearer(owner.token),
        payload: { kind: 'upload', name: 'Stalled worker' },
      });
      const stalledIntegration = created.json().id as string;
      const organizationId = (
        await db
          .selectFrom('integrations')
          .select('organization_id')
          .where('id', '=', stalledIntegration)
          .executeTakeFirstOrThrow()
      ).organization_id;
      const stored = async () =>
        (
          await sql<{ facts: string; usd: string | null }>`select count(*)::text as facts,
            sum(unblended_cost)::text as usd from cost_daily_facts where integration_id = ${stalledIntegration}`.execute(
            db,
          )
        ).rows[0];
      /** Reads the file; with `sweepFirst`, the orphan sweep takes the run for dead after its facts are staged. */
      const ingest = async (sweepFirst: boolean) => {
        const run = await costData.createRun({
          organizationId,
          integrationId: stalledIntegration,
          trigger: 'upload',
          files: ['small.parquet'],
        });
        return costData.ingest(run, [{ path: smallFile, label: 'small.parquet' }], {
          whenShrinking: 'confirmed',
          notesFor: async () => {
            if (sweepFirst) await costData.failOrphanedRuns(new Date(Date.now() + 60_000));
            return [];
          },
        });
      };

      expect((await ingest(false)).run.state).toBe('succeeded');
      const before = await stored();
      expect(Number(before?.facts)).toBeGreaterThan(0);

      const stalled = await ingest(true);
      expect(stalled.run.state).toBe('failed');
      expect(stalled.run.error?.message).toMatch(/^This run was taken for stopped/);
      expect(await stored()).toEqual(before);
      const staged = await sql<{ facts: string }>`select count(*)::text as facts from cost_fact_staging
        where run_id = ${stalled.run.id}`.execute(db);
      expect(staged.rows[0]?.facts).toBe('0');
    });
  });

  it('at the start of the only server, an integration left syncing by a sync that died says so', async () => {
    await withApp(async (context) => {
      const { db } = context.database;
      const integrations = createIntegrationsService(context, createCostDataService(db));
      await db
        .updateTable('integrations')
        .set({ state: 'syncing' })
        .where('id', '=', integrationId)
        .execute();
      const now = new Date();
      const swept = await integrations.sweepOrphans({
        staleBefore: now,
        untouchedSince: now,
        noSyncRuns: true,
      });
      expect(swept.stoppedSyncs).toEqual([integrationId]);
      const row = await db
        .selectFrom('integrations')
        .select(['state', 'last_error'])
        .where('id', '=', integrationId)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('error');
      expect((row.last_error as { message: string }).message).toMatch(/^The server stopped during this sync/);
    });
  });
});
