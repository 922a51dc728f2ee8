/**
 * A newcomer's first minutes, as CI proves them on every run (issue 13): clone this commit into an empty
 * temporary folder (nothing beside it), run the README's first line there (`npm ci && npm start`) on a
 * fresh DATA_DIR, wait for /api/health, open a demo session through the API, and wait until the demo
 * company's month shows spend above zero and recommendations exist. Then stop the server and check that
 * no process of the clone is left. Any failed step exits 1 with the server's last log lines.
 *
 *   node --import tsx scripts/newcomer-smoke.ts [--keep]
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const README_FIRST_LINE = 'npm ci && npm start';
const STEP_TIMEOUT_MS = { install: 300_000, health: 240_000, numbers: 300_000, stop: 60_000 };

const started = Date.now();
const seconds = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[newcomer ${seconds()}] ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

/** Processes whose command line or working folder lies in the clone. */
function processesOf(folder: string): string[] {
  const left: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (cwd.startsWith(folder) || command.includes(folder)) left.push(`${pid} ${command}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return left;
}

async function until<T>(
  what: string,
  timeoutMs: number,
  server: ChildProcess,
  probe: () => Promise<T | undefined>,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`${what}: the command ended (${server.exitCode ?? server.signalCode}) first`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(
    `${what}: not reached within ${timeoutMs / 1000} s${lastError ? ` (last: ${lastError})` : ''}`,
  );
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
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
  const logPath = path.join(sandbox, 'newcomer.log');
  const log = fs.openSync(logPath, 'a');
  // A newcomer's shell: none of our CI's or this machine's Spendguard settings, a fresh DATA_DIR.
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !/^(DATABASE_URL|TEST_DATABASE|SMTP_URL|AWS_|SPENDGUARD_|E2E_|npm_)/.test(key))
      env[key] = value;
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(sandbox, 'data') });
  const server = spawn('bash', ['-c', command], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  const tail = () => fs.readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n');
  // CI stops this smoke when the tests beside it fail: the server's whole group goes with it.
  process.once('SIGTERM', () => {
    stopGroup(server, 'SIGKILL');
    fs.rmSync(sandbox, { recursive: true, force: true });
    process.exit(143);
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
    const { token } = await json<{ token: string }>(`${base}/api/demo-session`, {
      method: 'POST',
      headers: { origin: base },
    });
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const me = await json<{ user_id: string }>(`${base}/api/users/me`, auth);
    const today = new Date().toISOString().slice(0, 10);
    const query = new URLSearchParams({
      user_id: me.user_id,
      start_date: `${today.slice(0, 8)}01`,
      end_date: today,
      integration: 'default',
      tag_key: 'all',
      selected_tag_values: 'All',
      is_amortized: 'false',
    });
    const monthTotal = await until(
      'the demo month shows spend',
      STEP_TIMEOUT_MS.numbers,
      server,
      async () => {
        const data = await json<{ total: number }>(`${base}/api/billing-data?${query}`, auth);
        return data.total > 0 ? data.total : undefined;
      },
    );
    say(`demo dashboard has numbers: $${monthTotal.toFixed(2)} this month (README line start to numbers)`);
    const findings = await until('recommendations exist', STEP_TIMEOUT_MS.numbers, server, async () => {
      const list = await json<{ count: number }>(`${base}/api/recommendations/ec2`, auth);
      return list.count > 0 ? list.count : undefined;
    });
    say(`${findings} EC2 recommendations`);
  } catch (error) {
    failed = error as Error;
  }

  stopGroup(server, 'SIGTERM');
  const stopDeadline = Date.now() + STEP_TIMEOUT_MS.stop;
  while (processesOf(clone).length > 0 && Date.now() < stopDeadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const left = processesOf(clone);
  if (left.length > 0) {
    stopGroup(server, 'SIGKILL');
    failed ??= new Error(`processes left running after SIGTERM:\n${left.join('\n')}`);
  } else say('server stopped, no process left');

  if (failed) {
    console.error(`newcomer smoke FAILED: ${failed.message}\n--- the server's last log lines ---\n${tail()}`);
    process.exitCode = 1;
  } else say(`newcomer smoke passed in ${seconds()}`);
  if (!process.argv.includes('--keep')) fs.rmSync(sandbox, { recursive: true, force: true });
}

await main();
