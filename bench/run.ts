import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench -- [name ...]`: runs the named benchmarks of this folder (each `bench/<name>.ts`, in a
 * process of its own so memory figures stay its own), or every one listed below when none is named.
 * Each prints its numbers; bench/README.md records the latest.
 */
const BENCHMARKS = [
  'ingest-scan',
  'ingest-end-to-end',
  'billing-data',
  'large-tenant',
  'commitment-reads',
  'forecast-backtest',
  'alerts',
  'config-apply',
  'launch-alerts',
  'launch-alert-trigger',
  'meter-accuracy',
  'chat-connections',
  'overload',
  'background-work',
  'browser-timings',
  'api-token-auth',
  'approve-to-stopped',
];

const folder = path.dirname(fileURLToPath(import.meta.url));
const requested = process.argv.slice(2);
const names =
  requested.length > 0
    ? requested
    : BENCHMARKS.filter((name) => fs.existsSync(path.join(folder, `${name}.ts`)));

for (const name of names) {
  const file = path.join(folder, `${name}.ts`);
  if (!fs.existsSync(file)) {
    console.error(`No benchmark named ${name}. Known: ${BENCHMARKS.join(', ')}.`);
    process.exit(2);
  }
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
