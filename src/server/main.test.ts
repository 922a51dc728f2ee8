import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './db/data-dir-lock.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { testDatabaseKind } from './testing/test-database.ts';

// The embedded database is the subject here; the PostgreSQL run covers the same code through the API tests.
describe.runIf(testDatabaseKind === 'pglite')('npm start on the embedded database', () => {
  // Started in beforeAll, not while the suite is collected: a skipped suite (the PostgreSQL run) is still
  // collected, and a server started then would outlive the run.
  let root = '';
  let dataDir = '';
  let first: ServerProcess;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-start-'));
    dataDir = path.join(root, 'data');
    first = startServerProcess(dataDir);
  });
  afterAll(async () => {
    if (first && first.child.exitCode === null && first.child.signalCode === null) {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the health check with the database and queue running', async () => {
    const url = await first.url;
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      database: { kind: 'pglite', reachable: true },
      queue: { running: true },
    });
  });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    await first.url;
    const second = startServerProcess(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Spendguard process \(pid \d+ on .+\) is already using/);
  });

  it('refuses a worker-only node on the embedded database, naming what it needs', async () => {
    const worker = startServerProcess(path.join(root, 'worker-data'), {
      SPENDGUARD_ROLE: 'worker',
    });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain(
      'Spendguard could not start: Invalid configuration:\n  SPENDGUARD_ROLE=worker needs DATABASE_URL',
    );
  });

  it('shuts down cleanly on SIGTERM and releases the folder', async () => {
    await first.url;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    lockDataDir(dataDir)();
  });
});
