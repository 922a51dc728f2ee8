import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSpillFolder, sweepAbandonedSpillFolders } from './spill-folders.ts';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-spill-parent-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

/** A process that makes a spill folder, spills into it and is killed by SIGKILL, as the OOM killer does. */
async function folderOfAKilledProcess(): Promise<string> {
  const script = `
    import fs from 'node:fs';
    import { makeSpillFolder } from './src/server/modules/cost-data/billing-files/spill-folders.ts';
    const spill = makeSpillFolder(${JSON.stringify(parent)});
    fs.writeFileSync(spill.path + '/duckdb_temp_storage-0.tmp', 'spilled');
    console.log(spill.path);
    process.kill(process.pid, 'SIGKILL');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const signal = await new Promise((resolve) => child.on('exit', (_code, killedBy) => resolve(killedBy)));
  expect(signal).toBe('SIGKILL');
  return output.trim();
}

describe('the spill folders a killed process left', () => {
  it('are removed at start; a folder another process is spilling into is kept', async () => {
    const abandoned = await folderOfAKilledProcess();
    expect(fs.existsSync(path.join(abandoned, 'duckdb_temp_storage-0.tmp'))).toBe(true);
    const inUse = makeSpillFolder(parent);
    // Being made this instant: the folder is there, its lock not yet.
    const beingMade = fs.mkdtempSync(path.join(parent, 'spendguard-duckdb-'));
    const unrelated = fs.mkdtempSync(path.join(parent, 'something-else-'));
    try {
      expect(sweepAbandonedSpillFolders(parent)).toEqual([abandoned]);
      expect(fs.existsSync(abandoned)).toBe(false);
      for (const kept of [inUse.path, beingMade, unrelated]) expect(fs.existsSync(kept), kept).toBe(true);
    } finally {
      inUse.remove();
    }
    expect(fs.existsSync(inUse.path)).toBe(false);
  });

  it('a spill parent not made yet has nothing to sweep', () => {
    expect(sweepAbandonedSpillFolders(path.join(parent, 'not-made'))).toEqual([]);
  });
});
