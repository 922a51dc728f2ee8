import fs from 'node:fs';
import path from 'node:path';
import { holdFileLock } from '../../../db/data-dir-lock.ts';
import { makeScratchFolder } from '../../../scratch-folders.ts';

const SPILL_PREFIX = 'spendguard-duckdb-';
/** Held by the process reading into the folder, for as long as the folder is in use. */
const OWNER_LOCK = 'owner.lock';

/**
 * DuckDB's spill folder for one billing file, under `parent` or the system's temp folder, locked by this
 * process until `remove()`. The kernel drops the lock when the process dies, even by SIGKILL, so a folder
 * whose lock can be taken was left by a dead process, whichever node or PID namespace it ran in.
 */
export function makeSpillFolder(parent?: string): { path: string; remove(): void } {
  const folder = makeScratchFolder(SPILL_PREFIX, parent);
  let release: (() => void) | undefined;
  try {
    release = holdFileLock(path.join(folder.path, OWNER_LOCK));
  } catch (error) {
    folder.remove();
    throw error;
  }
  return {
    path: folder.path,
    remove() {
      release?.();
      folder.remove();
    },
  };
}

/**
 * Removes the spill folders under `parent` that no live process holds: a process killed while DuckDB
 * spilled leaves gigabytes behind. Another process's folder in use is kept. Answers the folders removed.
 */
export function sweepAbandonedSpillFolders(parent: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(parent, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(SPILL_PREFIX)) continue;
    const folder = path.join(parent, entry.name);
    if (!abandoned(folder)) continue;
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 2 });
    removed.push(folder);
  }
  return removed;
}

/** A folder without its lock is being made this instant (the lock follows the folder): it is kept. */
function abandoned(folder: string): boolean {
  const lockPath = path.join(folder, OWNER_LOCK);
  if (!fs.existsSync(lockPath)) return false;
  const release = holdFileLock(lockPath);
  release?.();
  return release !== undefined;
}
