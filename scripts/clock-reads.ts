/**
 * The rule behind `npm run lint`'s clock check (docs/decisions/078-one-injected-clock.md): server code
 * reads the date only through its injected clock, so a test (or `faketime`) chooses the day every rule
 * sees. A `new Date()` with no arguments or a `Date.now()` anywhere else is a finding.
 */

export interface ClockRead {
  line: number;
  text: string;
}

const WALL_CLOCK_READ = /\bnew\s+Date\s*\(\s*\)|\bDate\.now\b/;

/** Lines of `source` that read the wall clock, comments aside. */
export function wallClockReads(source: string): ClockRead[] {
  const reads: ClockRead[] = [];
  let inBlockComment = false;
  source.split('\n').forEach((raw, index) => {
    let code = raw;
    if (inBlockComment) {
      const end = code.indexOf('*/');
      if (end === -1) return;
      code = code.slice(end + 2);
      inBlockComment = false;
    }
    code = code.replace(/\/\*.*?\*\//g, '');
    const open = code.indexOf('/*');
    if (open !== -1) {
      code = code.slice(0, open);
      inBlockComment = true;
    }
    const lineComment = code.indexOf('//');
    if (lineComment !== -1) code = code.slice(0, lineComment);
    if (WALL_CLOCK_READ.test(code)) reads.push({ line: index + 1, text: raw.trim() });
  });
  return reads;
}

/** Server code the rule covers: the server and the AWS simulator, tests and test helpers aside. */
export function isCheckedForClockReads(file: string): boolean {
  if (!/^src\/(server|aws-sim)\/.+\.ts$/.test(file)) return false;
  if (file.endsWith('.test.ts')) return false;
  return !/\/testing\//.test(file);
}
