import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {}

/** Never deleted: removing a lock file another process has open would let two processes lock two files. */
export const DATA_DIR_LOCK_FILE = 'spendguard.lock';

type LockAttempt = 'locked' | 'busy' | 'unsupported';

/**
 * An exclusive flock(2) on our open file, taken by util-linux's flock(1) on the descriptor it inherits
 * (Node has no flock). The lock belongs to the open file description, which our descriptor keeps after
 * flock(1) exits, so the kernel holds it for this process's life and drops it when the process dies,
 * even by SIGKILL, whatever PID namespace either process runs in (docs/decisions/028).
 */
function flockExclusive(fd: number): LockAttempt {
  const run = spawnSync('flock', ['--exclusive', '--nonblock', '3'], {
    stdio: ['ignore', 'ignore', 'ignore', fd],
  });
  if (run.status === 0) return 'locked';
  if (run.status === 1) return 'busy';
  return 'unsupported';
}

function isRunningHere(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where flock(1) is missing (macOS, Windows): the pid written in the file, alive on this host, decides. */
function pidOwnerAlive(owner: { pid: number; host: string }): boolean {
  return owner.pid !== process.pid && owner.host === os.hostname() && isRunningHere(owner.pid);
}

function readOwner(lockPath: string): { pid: number; host: string } {
  const [pid = '', host = ''] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
  return { pid: Number.parseInt(pid, 10), host };
}

/**
 * Takes the exclusive lock on `lockPath` (created when missing) for this process's life, and writes
 * `pid host` into it. Answers the release, or undefined when another live process holds it.
 */
export function holdFileLock(lockPath: string): (() => void) | undefined {
  const fd = fs.openSync(lockPath, 'a+');
  let attempt = flockExclusive(fd);
  if (attempt === 'unsupported') attempt = pidOwnerAlive(readOwner(lockPath)) ? 'busy' : 'locked';
  if (attempt === 'busy') {
    fs.closeSync(fd);
    return undefined;
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.ftruncateSync(fd, 0);
    fs.closeSync(fd);
  };
}

/**
 * The embedded database is single-process: a second server or command on the same DATA_DIR would
 * corrupt it or lose writes. Returns the release; the lock also ends with the process.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const release = holdFileLock(lockPath);
  if (release) return release;
  const owner = readOwner(lockPath);
  const who = Number.isInteger(owner.pid)
    ? `pid ${owner.pid} on ${owner.host || 'an unknown host'}`
    : 'starting';
  throw new DataDirInUseError(
    `Another Spendguard process (${who}) is already using ${dataDir}. ` +
      'Stop it first, or start this one with another DATA_DIR (or DATABASE_URL for a shared PostgreSQL).',
  );
}
