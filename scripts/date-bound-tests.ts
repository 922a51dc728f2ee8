/**
 * Which integration test files CI runs again under `faketime` on other dates (decision 078).
 *
 * - A year ahead, every file that reads a day or a clock (READS_A_DAY): it starts the AWS simulator
 *   (whose company lives on a clock), chooses a clock, reads a sample bill of fixed days, or works out
 *   days itself. A year is what makes fixed data fall out of a window or a simulated day fall behind.
 * - On a leap day, the last seconds of a month and a daylight-saving change, the files that work out
 *   days themselves (WORKS_OUT_DAYS): those dates test calendar arithmetic, which otherwise lives in the
 *   unit tests of src/domain (run whole on every date).
 *
 * The rest (sign-up, tokens, chat frames, HTTP edge cases, locks) runs once, on the real date.
 *
 *   node --import tsx scripts/date-bound-tests.ts [--works-out-days]   prints the files, one a line
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const READS_A_DAY =
  /startTestSimulator|testClock|fixedClock|\.clock\b|raw-billing-samples|uploadFocusSample|isoDay|addDays|new Date\(|Date\.now/;
export const WORKS_OUT_DAYS = /isoDay|addDays|testClock|fixedClock/;

const isIntegrationTest = (file: string) => /^src\/(server|aws-sim)\/.+\.test\.ts$/.test(file);

if (import.meta.filename === process.argv[1]) {
  const rule = process.argv.includes('--works-out-days') ? WORKS_OUT_DAYS : READS_A_DAY;
  const root = path.resolve(import.meta.dirname, '..');
  const files = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(isIntegrationTest)
    .filter((file) => rule.test(readFileSync(path.join(root, file), 'utf8')));
  console.log(files.join('\n'));
}
