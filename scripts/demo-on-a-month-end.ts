/**
 * The demo on a machine whose date is a month end (decision 078): starts the server with its clock moved
 * by Debian's libfaketime (scripts/on-another-day.sh) to 23:30 UTC on the last day of a month (January 2027 unless a date is given), on a fresh
 * DATA_DIR with the built-in AWS simulator on the same shifted clock, opens a demo session and waits
 * until that month shows spend and EC2 recommendations exist; then stops the server's whole process
 * group and checks that none of it is left. Any failed step exits 1 with the server's last log lines.
 *
 *   node --import tsx scripts/demo-on-a-month-end.ts ["2027-01-31 23:30:00"]
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoNumbers, freePort, startServerProcess, stopGroup, until } from './smoke-support.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const shiftedTo = process.argv[2] ?? '2027-01-31 23:30:00';
const TIMEOUT_MS = { health: 240_000, numbers: 300_000, stop: 60_000 };

const started = performance.now();
const say = (line: string) =>
  console.log(`[month-end demo ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

/** Processes still in the process group `group` (the server, tsx, the database's thread). */
function processesInGroup(group: number): string[] {
  const left: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group) left.push(`${pid} ${stat.slice(0, stat.lastIndexOf(')') + 1)}`);
    } catch {
      // gone meanwhile
    }
  }
  return left;
}

async function main() {
  const today = /^(\d{4}-\d{2}-\d{2}) /.exec(shiftedTo)?.[1];
  if (!today) throw new Error(`give the date as "YYYY-MM-DD HH:MM:SS", not "${shiftedTo}"`);
  const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-month-end-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { server, tail } = startServerProcess({
    command: 'bash',
    args: ['scripts/on-another-day.sh', shiftedTo, process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    cwd: repoRoot,
    sandbox,
    settings: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(sandbox, 'data'),
      WEB_DIST_DIR: path.join(sandbox, 'no-web-build'),
    },
  });
  say(`server started with its clock at ${shiftedTo} UTC`);

  let failed: Error | undefined;
  try {
    await until('/api/health answers 200', TIMEOUT_MS.health, server, async () =>
      (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok ? true : undefined,
    );
    const { monthTotal, findings } = await demoNumbers(base, server, today, TIMEOUT_MS.numbers);
    say(
      `the demo's ${today.slice(0, 7)} shows $${monthTotal.toFixed(2)} and ${findings} EC2 recommendations`,
    );
  } catch (error) {
    failed = error as Error;
  }

  const group = server.pid ?? 0;
  stopGroup(server, 'SIGTERM');
  const deadline = performance.now() + TIMEOUT_MS.stop;
  while (processesInGroup(group).length > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const left = processesInGroup(group);
  if (left.length > 0) {
    stopGroup(server, 'SIGKILL');
    failed ??= new Error(`processes left running after SIGTERM:\n${left.join('\n')}`);
  } else say('server stopped, no process left');

  if (failed) {
    console.error(`month-end demo FAILED: ${failed.message}\n--- the server's last log lines ---\n${tail()}`);
    process.exitCode = 1;
  } else say('month-end demo passed');
  fs.rmSync(sandbox, { recursive: true, force: true });
}

await main();
