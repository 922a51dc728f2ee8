import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time in a folder (itself and the files directly in it). */
function lastTouched(folder: string): number {
  let newest = fs.statSync(folder).mtimeMs;
  for (const entry of fs.readdirSync(folder)) {
    newest = Math.max(newest, fs.statSync(path.join(folder, entry)).mtimeMs);
  }
  return newest;
}

/**
 * Removes the upload folders under root that no run needs: not in `inUse` (folders of runs that have
 * not ended, a waiting one included) and untouched since `untouchedSince` (an upload still streaming
 * to disk has no run yet). Answers the folders removed.
 */
export function removeUnusedUploadFolders(root: string, inUse: string[], untouchedSince: Date): string[] {
  if (!fs.existsSync(root)) return [];
  const needed = new Set(inUse.map((folder) => path.resolve(folder)));
  const removed: string[] = [];
  for (const entry of fs.readdirSync(root)) {
    const folder = path.join(root, entry);
    try {
      if (needed.has(folder) || lastTouched(folder) >= untouchedSince.getTime()) continue;
      fs.rmSync(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Removed meanwhile by the run that ended: nothing left to sweep.
    }
  }
  return removed;
}
