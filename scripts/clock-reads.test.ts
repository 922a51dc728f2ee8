import { describe, expect, it } from 'vitest';
import { isCheckedForClockReads, wallClockReads } from './clock-reads.ts';

describe('reads of the wall clock in server code', () => {
  it('finds a bare new Date() and Date.now(), and not a date built from a value', () => {
    const source = [
      'const a = new Date();',
      'const b = new Date(row.created_at);',
      'const c = Date.now() - start;',
      "const d = Date.parse('2026-01-01');",
      'const e = new Date( );',
    ].join('\n');
    expect(wallClockReads(source).map((read) => read.line)).toEqual([1, 3, 5]);
  });

  it('leaves comments alone, on their own line, at the end of one, and across lines', () => {
    const source = [
      '// new Date() here is prose',
      'const a = 1; // Date.now() too',
      '/* new Date() */ const b = 2;',
      '/**',
      ' * Date.now() in a doc comment',
      ' */',
      'const c = new Date();',
    ].join('\n');
    expect(wallClockReads(source)).toEqual([{ line: 7, text: 'const c = new Date();' }]);
  });

  it('covers the server and the simulator, not their tests or test helpers', () => {
    expect(isCheckedForClockReads('src/server/modules/alerts/alert-spend.ts')).toBe(true);
    expect(isCheckedForClockReads('src/aws-sim/index.ts')).toBe(true);
    expect(isCheckedForClockReads('src/server/modules/alerts/alert-spend.test.ts')).toBe(false);
    expect(isCheckedForClockReads('src/server/testing/test-app.ts')).toBe(false);
    expect(isCheckedForClockReads('src/aws-sim/testing/test-simulator.ts')).toBe(false);
    expect(isCheckedForClockReads('src/web/pages/dashboard.tsx')).toBe(false);
  });
});
