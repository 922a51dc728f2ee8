/**
 * `npm run lint`'s clock check (docs/decisions/078-one-injected-clock.md): no server or simulator code
 * reads the wall clock except the places listed here. Exits 1 naming each other line.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCheckedForClockReads, wallClockReads } from './clock-reads.ts';

/** The only places that may read the wall clock, each with why. */
const ALLOWED = new Map([
  ['src/server/clock.ts', 'the clock itself: systemClock is the wall clock every module is handed'],
  ['src/aws-sim/clock.ts', "the simulator's own default clock when it runs in-process beside the server"],
]);

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => isCheckedForClockReads(file) && !ALLOWED.has(file))
  .filter((file) => existsSync(path.join(root, file)));

const problems = files.flatMap((file) =>
  wallClockReads(readFileSync(path.join(root, file), 'utf8')).map(
    (read) => `${file}:${read.line}: reads the wall clock (${read.text}); take the injected clock instead`,
  ),
);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} wall-clock read(s) outside the clock (docs/decisions/078-one-injected-clock.md)`,
  );
  process.exit(1);
}
console.log(
  `clock reads: ${files.length} server files, none reads the wall clock outside ${[...ALLOWED.keys()].join(' and ')}`,
);
