/**
 * What the smoke scripts share: a free port, waiting for a state with a deadline, the server's whole
 * process group stopped, the processes left in a folder, and the demo company's first numbers read as
 * the dashboard reads them.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Processes whose command line or working folder lies in `folder`. */
export function processesOf(folder: string): string[] {
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

/** Probes once a second until it answers a value, the server's command ends, or the time is up. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  server: ChildProcess,
  probe: () => Promise<T | undefined>,
) {
  const deadline = performance.now() + timeoutMs;
  let lastError = '';
  while (performance.now() < deadline) {
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

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function stopGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops the server's group and waits for `folder` to hold no process; answers what is left. */
export async function stopAndCheck(server: ChildProcess, folder: string, timeoutMs: number) {
  stopGroup(server, 'SIGTERM');
  const deadline = performance.now() + timeoutMs;
  while (processesOf(folder).length > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const left = processesOf(folder);
  if (left.length > 0) stopGroup(server, 'SIGKILL');
  return left;
}

/**
 * Opens a demo session on `base` and waits, as a visitor does, until this month of the demo company
 * (today by the server's own clock, which the caller shares) shows spend and EC2 recommendations exist.
 */
export async function demoNumbers(
  base: string,
  server: ChildProcess,
  today: string,
  timeoutMs: number,
): Promise<{ monthTotal: number; findings: number }> {
  const { token } = await json<{ token: string }>(`${base}/api/demo-session`, {
    method: 'POST',
    headers: { origin: base },
  });
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const me = await json<{ user_id: string }>(`${base}/api/users/me`, auth);
  const query = new URLSearchParams({
    user_id: me.user_id,
    start_date: `${today.slice(0, 8)}01`,
    end_date: today,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
  });
  const monthTotal = await until('the demo month shows spend', timeoutMs, server, async () => {
    const data = await json<{ total: number }>(`${base}/api/billing-data?${query}`, auth);
    return data.total > 0 ? data.total : undefined;
  });
  const findings = await until('recommendations exist', timeoutMs, server, async () => {
    const list = await json<{ count: number }>(`${base}/api/recommendations/ec2`, auth);
    return list.count > 0 ? list.count : undefined;
  });
  return { monthTotal, findings };
}

/**
 * Starts `command` in its own process group with a newcomer's environment (none of CI's database,
 * mail, AWS or Spendguard settings) plus `settings`, logging to `sandbox/server.log`. A SIGTERM to this
 * script (CI stopping it) takes the whole group and the sandbox with it.
 */
export function startServerProcess(options: {
  command: string;
  args: string[];
  cwd: string;
  sandbox: string;
  settings: Record<string, string>;
}): { server: ChildProcess; tail: () => string } {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !/^(DATABASE_URL|TEST_DATABASE|SMTP_URL|AWS_|SPENDGUARD_|E2E_|npm_)/.test(key))
      env[key] = value;
  Object.assign(env, options.settings);
  const logPath = path.join(options.sandbox, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const server = spawn(options.command, options.args, {
    cwd: options.cwd,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  process.once('SIGTERM', () => {
    stopGroup(server, 'SIGKILL');
    fs.rmSync(options.sandbox, { recursive: true, force: true });
    process.exit(143);
  });
  return { server, tail: () => fs.readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n') };
}
