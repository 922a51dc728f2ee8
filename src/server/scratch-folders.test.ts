import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeScratchFolder } from './scratch-folders.ts';

const run = promisify(execFile);

describe('a scratch folder', () => {
  it('is gone once its work removes it', () => {
    const scratch = makeScratchFolder('spendguard-scratch-test-');
    fs.writeFileSync(`${scratch.path}/part.parquet`, 'bytes');
    scratch.remove();
    expect(fs.existsSync(scratch.path)).toBe(false);
  });

  it('is removed when the process exits while its work is still in progress', async () => {
    // A process that makes one and exits without removing it, as a server does when its shutdown timeout ends.
    const script = `
      import fs from 'node:fs';
      import { makeScratchFolder } from './src/server/scratch-folders.ts';
      const kept = makeScratchFolder('spendguard-scratch-test-');
      fs.writeFileSync(kept.path + '/part.parquet', 'bytes');
      console.log(kept.path);
      process.exit(0);`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const folder = stdout.trim();
    expect(folder).toContain('spendguard-scratch-test-');
    expect(fs.existsSync(folder)).toBe(false);
  });
});
