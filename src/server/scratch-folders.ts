import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folders of work still in progress in this process. */
const inProgress = new Set<string>();
let removedAtExit = false;

const removeFolder = (folder: string) => fs.rmSync(folder, { recursive: true, force: true, maxRetries: 2 });

/**
 * A private folder for one piece of work (a sync's downloads, DuckDB's spill), under `parent` or else the
 * system's temporary directory: `remove()` when the work ends. A process that exits first removes the folders still in
 * progress on its way out: a server stopped during a sync exits once its shutdown timeout is over,
 * before the sync's own `finally` runs. A process ended by a signal it does not handle (SIGKILL; main.ts
 * handles SIGTERM and SIGINT) leaves them behind.
 */
export function makeScratchFolder(prefix: string, parent?: string): { path: string; remove(): void } {
  if (!removedAtExit) {
    removedAtExit = true;
    process.once('exit', () => {
      for (const folder of inProgress) {
        try {
          removeFolder(folder);
        } catch {
          // A native thread still writing into it (DuckDB's spill): the process's exit goes on regardless.
        }
      }
    });
  }
  if (parent) fs.mkdirSync(parent, { recursive: true });
  const folder = fs.mkdtempSync(path.join(parent ?? os.tmpdir(), prefix));
  inProgress.add(folder);
  return {
    path: folder,
    remove() {
      inProgress.delete(folder);
      removeFolder(folder);
    },
  };
}
