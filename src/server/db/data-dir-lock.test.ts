import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../testing/server-process.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock.ts';

// The lock guards the embedded database only; with DATABASE_URL nothing is locked.
describe.runIf(testDatabaseKind === 'pglite')('one Spendguard process per DATA_DIR', () => {
  let dataDir = '';
  let first: ServerProcess;
  const started: ServerProcess[] = [];
  const start = (entry?: string) => {
    const server = startServerProcess(dataDir, {}, entry);
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-lock-'));
    first = start();
    await first.url;
  });
  afterAll(() => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server even when the lock file names a pid that looks dead (another container)', async () => {
    // A server in another PID namespace: its pid means nothing here, and may be free or someone else's.
    fs.writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), '999999 other-container\n');
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Spendguard process (pid 999999 on other-container) is already using ${dataDir}.`,
    );
    expect((await fetch(`${await first.url}/api/health`)).status).toBe(200);
  });

  it('refuses a command on the same folder while the server runs', async () => {
    const migrate = start('src/server/cli/migrate.ts');
    expect(await migrate.exited).toBe(1);
    expect(migrate.output()).toContain('A running Spendguard server holds the embedded database');
  });

  it('is released when the holder dies, even by SIGKILL', async () => {
    first.child.kill('SIGKILL');
    await first.exited;
    const next = start();
    const health = await fetch(`${await next.url}/api/health`);
    expect(health.status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });
});
