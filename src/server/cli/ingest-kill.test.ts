import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCur2Parquet } from '../../../bench/generate-cur2-parquet.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from '../modules/integrations/integrations.service.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';
import { bearer, signUpVerifiedPerson } from '../testing/accounts-fixtures.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

/**
 * `npm run ingest` killed in the middle of a big file (SIGKILL, as an OOM killer or a power cut would):
 * the previous numbers of that billing period stay, and the next run completes.
 */
// Made by the suite's beforeAll, so the PostgreSQL run, which skips the suite, leaves nothing behind.
const root = path.join(os.tmpdir(), `spendguard-kill-${process.pid}`);
const dataDir = path.join(root, 'data');
const killedProcessTmp = path.join(root, 'tmp');
const config = parseConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
});
const smallFile = path.join(root, 'small.parquet');
const bigFile = path.join(root, 'big.parquet');
let integrationId: string;

async function withDatabase<T>(work: (context: AppContext) => Promise<T>): Promise<T> {
  const { database, unlock } = await openConfiguredDatabase(config);
  try {
    const context: AppContext = { config, database, log: pino({ level: 'silent' }), clock: systemClock };
    await prepareDatabaseSchema(context);
    return await work(context);
  } finally {
    await database.close();
    unlock();
  }
}

const periodTotal = () =>
  withDatabase(async ({ database }) => {
    const row = await database.db
      .selectFrom('cost_daily_facts')
      .select((eb) => eb.fn.sum<string>('unblended_cost').as('total'))
      .where('integration_id', '=', integrationId)
      .where('billing_period', '=', '2026-10-01')
      .executeTakeFirst();
    return row?.total ?? null;
  });

function runCli(file: string, killWhen?: (output: string) => boolean) {
  return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/ingest.ts', file, '--integration', integrationId],
      {
        // A killed CLI cannot remove its DuckDB spill folder: it goes under root, which afterAll removes.
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', TMPDIR: killedProcessTmp },
      },
    );
    let output = '';
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (killWhen?.(output)) child.kill('SIGKILL');
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

describe.skipIf(testDatabaseKind === 'postgres')('a killed ingest', () => {
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    fs.mkdirSync(killedProcessTmp, { recursive: true });
    await generateCur2Parquet(smallFile, 2_000);
    await generateCur2Parquet(bigFile, 1_500_000);
    await withDatabase(async (context) => {
      const app = await buildApp(context);
      const { token } = await signUpVerifiedPerson({ app, context } as never, { email: 'kill@example.com' });
      const created = await app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: bearer(token),
        payload: { kind: 'upload', name: 'Killed' },
      });
      integrationId = created.json().id;
      const integrations = createIntegrationsService(context, createCostDataService(context.database.db));
      const first = await integrations.ingestLocalFile({ filePath: smallFile, integrationId });
      expect(first.state).toBe('succeeded');
      await app.close();
    });
  }, 120_000);

  it('leaves the previous numbers of the period, and the next run completes', async () => {
    const before = await periodTotal();
    expect(Number(before)).toBeGreaterThan(0);
    // Killed once the progress bar shows the file being read, before the period is swapped.
    const killed = await runCli(bigFile, (output) => /[1-9]\d?%/.test(output.split('\r').at(-1) ?? ''));
    expect(killed.signal).toBe('SIGKILL');
    expect(await periodTotal()).toBe(before);

    const completed = await runCli(bigFile);
    expect(completed.output).toContain('Ingested 1,500,000 line items');
    expect(completed.code).toBe(0);
    expect(Number(await periodTotal())).toBeGreaterThan(Number(before));
  }, 180_000);
});
