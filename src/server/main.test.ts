import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './db/data-dir-lock.ts';
import { testDatabaseKind } from './testing/test-database.ts';

function startServer(dataDir: string): { child: ChildProcess; output: () => string; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AWS_SIMULATOR: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, output: () => output, url };
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

// The embedded database is the subject here; the PostgreSQL run covers the same code through the API tests.
describe.runIf(testDatabaseKind === 'pglite')('npm start on the embedded database', () => {
  // Started in beforeAll, not while the suite is collected: a skipped suite (the PostgreSQL run) is still
  // collected, and a server started then would outlive the run.
  let dataDir = '';
  let first: ReturnType<typeof startServer>;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-start-'));
    first = startServer(dataDir);
  });
  afterAll(() => {
    first?.child.kill('SIGKILL');
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
    const second = startServer(dataDir);
    second.url.catch(() => {});
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output()).toMatch(/Another Spendguard process \(pid \d+ on .+\) is already using/);
  });

  it('shuts down cleanly on SIGTERM and releases the folder', async () => {
    await first.url;
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');
    lockDataDir(dataDir)();
  });
});
