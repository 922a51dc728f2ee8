/**
 * A newcomer's first minutes, as CI proves them on every run: clone this commit into an empty
 * temporary folder (nothing beside it), run the README's first line there (`npm ci && npm start`) on a
 * fresh DATA_DIR, wait for /api/health, open a demo session through the API, and wait until the demo
 * company's month shows spend above zero and recommendations exist. Then stop the server and check that
 * no process of the clone is left. Any failed step exits 1 with the server's last log lines.
 *
 *   node --import tsx scripts/newcomer-smoke.ts [--keep]
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoNumbers, freePort, startServerProcess, stopAndCheck, until } from './smoke-support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const README_FIRST_LINE = 'npm ci && npm start';
const STEP_TIMEOUT_MS = { install: 300_000, health: 240_000, numbers: 300_000, stop: 60_000 };

const started = Date.now();
const seconds = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[newcomer ${seconds()}] ${line}`);

/** The README's first line, exactly as the README spells it (so the two never drift apart). */
function readmeFirstLine(): string {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const block = /```sh\n([^\n]+)\n```/.exec(readme)?.[1]?.trim();
  if (block !== README_FIRST_LINE)
    throw new Error(
      `the README's first command is "${block}", the smoke test expects "${README_FIRST_LINE}"`,
    );
  return block;
}

async function main() {
  const command = readmeFirstLine();
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-newcomer-'));
  const clone = path.join(sandbox, 'spendguard');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
  execFileSync('git', ['checkout', '--quiet', head], { cwd: clone });
  const siblings = fs.readdirSync(sandbox);
  if (siblings.length !== 1) throw new Error(`the clone has company: ${siblings.join(', ')}`);
  say(`cloned ${head.slice(0, 12)} alone into ${clone}`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A newcomer's shell: none of our CI's or this machine's Spendguard settings, a fresh DATA_DIR.
  const { server, tail } = startServerProcess({
    command: 'bash',
    args: ['-c', command],
    cwd: clone,
    sandbox,
    settings: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(sandbox, 'data') },
  });

  let failed: Error | undefined;
  try {
    const installed = Date.now();
    await until('npm ci finished', STEP_TIMEOUT_MS.install, server, async () =>
      fs.existsSync(path.join(clone, 'node_modules/.package-lock.json')) ? true : undefined,
    );
    say(`npm ci done in ${seconds(installed)}`);
    await until('/api/health answers 200', STEP_TIMEOUT_MS.health, server, async () =>
      (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok ? true : undefined,
    );
    say('/api/health answers');
    const today = new Date().toISOString().slice(0, 10);
    const { monthTotal, findings } = await demoNumbers(base, server, today, STEP_TIMEOUT_MS.numbers);
    say(`demo dashboard has numbers: $${monthTotal.toFixed(2)} this month (README line start to numbers)`);
    say(`${findings} EC2 recommendations`);
  } catch (error) {
    failed = error as Error;
  }

  const left = await stopAndCheck(server, clone, STEP_TIMEOUT_MS.stop);
  if (left.length > 0) {
    failed ??= new Error(`processes left running after SIGTERM:\n${left.join('\n')}`);
  } else say('server stopped, no process left');

  if (failed) {
    console.error(`newcomer smoke FAILED: ${failed.message}\n--- the server's last log lines ---\n${tail()}`);
    process.exitCode = 1;
  } else say(`newcomer smoke passed in ${seconds()}`);
  if (!process.argv.includes('--keep')) fs.rmSync(sandbox, { recursive: true, force: true });
}

await main();
