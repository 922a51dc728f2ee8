/**
 * Which test files CI runs again under `faketime` on other dates (decisions 078 and 127).
 *
 * - A year ahead, every integration file that reads a day or a clock (READS_A_DAY): it starts the AWS
 *   simulator (whose company lives on a clock), chooses a clock, reads a sample bill of fixed days, or
 *   works out days itself. A year is what makes fixed data fall out of a window or a simulated day fall
 *   behind.
 * - On a leap day, the last seconds of a month and a daylight-saving change, the integration files that
 *   work out days themselves or start their clock from the real date (WORKS_OUT_DAYS): those dates test
 *   calendar arithmetic, which otherwise lives in the unit tests of src/domain (run whole on every date).
 *   A file whose clock stays on a written day reads that day on any date: a year ahead runs it.
 * - On every date, the screens' tests whose screen or test reads the clock, itself or through a module it
 *   imports (READS_THE_CLOCK): a screen that reads none renders its fixed answers the same on any date.
 *
 * The rest (sign-up, tokens, chat frames, HTTP edge cases, locks) runs once, on the real date.
 *
 *   node --import tsx scripts/date-bound-tests.ts [--works-out-days]   prints the integration files
 *   node --import tsx scripts/date-bound-tests.ts --clock-free-screens  prints the screens' tests to leave out
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const READS_A_DAY =
  /startTestSimulator|testClock|fixedClock|\.clock\b|raw-billing-samples|uploadFocusSample|isoDay|addDays|new Date\(|Date\.now/;
/**
 * Works out days, or chooses a clock that starts from the real date (or from a day the test works out):
 * `testClock()` and a clock started on a written day read the same day on any date (decision 127).
 */
export const WORKS_OUT_DAYS = /isoDay|addDays|testClock\((?!\)|new Date\(['"`])|fixedClock\((?!['"`])/;
/**
 * Days that can move with the real date: read from it, or from a clock started on a day not written in the
 * file. A file that works out days only from `testClock()` (the simulator's written day) gets the same
 * days on any date.
 */
export const FROM_THE_REAL_DATE =
  /new Date\(\)|Date\.now\b|testClock\((?!\)|new Date\(['"`])|fixedClock\((?!['"`])/;
/** What the calendar dates run: a file whose days are worked out from the real date. */
export const worksOutRealDays = (text: string) => WORKS_OUT_DAYS.test(text) && FROM_THE_REAL_DATE.test(text);
/** In the browser's code: now read from `Date`, from dayjs or a Mantine date picker, or a faked timer. */
export const READS_THE_CLOCK =
  /\bDate\(\)|Date\.now\b|from ['"]dayjs|from ['"]@mantine\/dates|useFakeTimers|setSystemTime/;

const isIntegrationTest = (file: string) => /^src\/(server|aws-sim)\/.+\.test\.ts$/.test(file);
const isScreenTest = (file: string) => /^src\/web\/.+\.test\.tsx$/.test(file);

const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Whether a file or any module it imports by a relative path, followed through, reads the clock.
 * `read` answers a module's text, or undefined when no such file exists.
 */
export function readsTheClockThroughImports(file: string, read: (file: string) => string | undefined) {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const text = read(current);
    if (text === undefined) continue;
    if (READS_THE_CLOCK.test(text)) return true;
    for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
      const target = path.posix.join(path.posix.dirname(current), specifier!);
      const candidates = [
        target,
        `${target}.ts`,
        `${target}.tsx`,
        `${target}/index.ts`,
        `${target}/index.tsx`,
      ];
      const found = candidates.find((candidate) => read(candidate) !== undefined);
      if (found) pending.push(found);
    }
  }
  return false;
}

if (import.meta.filename === process.argv[1]) {
  const root = path.resolve(import.meta.dirname, '..');
  const tracked = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' }).split('\n');
  const text = (file: string) => {
    const absolute = path.join(root, file);
    return existsSync(absolute) && !absolute.endsWith('/') && /\.tsx?$/.test(file)
      ? readFileSync(absolute, 'utf8')
      : undefined;
  };
  if (process.argv.includes('--clock-free-screens')) {
    const clockFree = tracked.filter(isScreenTest).filter((file) => !readsTheClockThroughImports(file, text));
    console.log(clockFree.join('\n'));
  } else {
    const rule = process.argv.includes('--works-out-days')
      ? worksOutRealDays
      : (file: string) => READS_A_DAY.test(file);
    console.log(
      tracked
        .filter(isIntegrationTest)
        .filter((file) => rule(text(file) ?? ''))
        .join('\n'),
    );
  }
}
