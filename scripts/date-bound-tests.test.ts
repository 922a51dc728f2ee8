import { describe, expect, it } from 'vitest';
import {
  READS_A_DAY,
  readsTheClockThroughImports,
  WORKS_OUT_DAYS,
  worksOutRealDays,
} from './date-bound-tests.ts';

describe('the integration tests run again on other dates', () => {
  it('a year ahead: a file that reads the simulator, a clock, a sample bill or days', () => {
    expect(READS_A_DAY.test('const { simulator, clock } = await startTestSimulator();')).toBe(true);
    expect(READS_A_DAY.test("createTestApp({ clock: fixedClock('2024-10-15T12:00:00Z') })")).toBe(true);
    expect(READS_A_DAY.test("import { FOCUS_SAMPLE } from '../testing/raw-billing-samples.ts';")).toBe(true);
    expect(READS_A_DAY.test('const monthAgo = Date.now() - 30 * DAY_MS;')).toBe(true);
  });

  it('on the calendar dates: a file that works out days or starts its clock from the real date', () => {
    expect(WORKS_OUT_DAYS.test('const yesterday = addDays(today, -1);')).toBe(true);
    expect(WORKS_OUT_DAYS.test('const clock = testClock(new Date());')).toBe(true);
    expect(WORKS_OUT_DAYS.test('const { simulator } = await startTestSimulator();')).toBe(false);
    expect(WORKS_OUT_DAYS.test('const clock = testClock(start);')).toBe(true);
    expect(WORKS_OUT_DAYS.test('createTestApp({ clock: fixedClock(startedAt.toISOString()) })')).toBe(true);
  });

  it("on the calendar dates: not a file that works out days only from the simulator's written day", () => {
    const fixedDays = `const { simulator, clock } = await startTestSimulator();
      const yesterday = addDays(isoDayInTimeZone(clock.now(), 'UTC'), -1);`;
    expect(worksOutRealDays(fixedDays)).toBe(false);
    expect(worksOutRealDays(`${fixedDays}\nconst today = isoDayInTimeZone(new Date(), 'UTC');`)).toBe(true);
    expect(worksOutRealDays('const clock = testClock(new Date());')).toBe(true);
  });

  it('on the calendar dates: not a file whose clock stays on a written day', () => {
    expect(WORKS_OUT_DAYS.test('const clock = testClock();')).toBe(false);
    expect(WORKS_OUT_DAYS.test("const clock = testClock(new Date('2026-10-31T12:00:00Z'));")).toBe(false);
    expect(WORKS_OUT_DAYS.test("createTestApp({ clock: fixedClock('2024-10-15T12:00:00Z') })")).toBe(false);
  });

  it('leaves a file that reads no day', () => {
    expect(READS_A_DAY.test("const answer = await server.app.inject({ url: '/api/health' });")).toBe(false);
    expect(READS_A_DAY.test("const run = await uploadFile(server, token, 'cur.csv');")).toBe(false);
  });
});

describe("the screens' tests run again on other dates", () => {
  const modules: Record<string, string> = {
    'src/web/a/panel.test.tsx': "import { Panel } from './panel.tsx';\nrender(<Panel rows={ROWS} />);",
    'src/web/a/panel.tsx': "import { formatAge } from '../lib/format';\nexport function Panel() {}",
    'src/web/lib/format.ts': 'export function formatAge(iso: string, now = new Date()) {}',
    'src/web/b/table.test.tsx': "import { Table } from './table.tsx';\nimport { ROWS } from '../a/rows.ts';",
    'src/web/b/table.tsx': "import { Text } from '@mantine/core';\nimport { money } from '../lib';",
    'src/web/lib/index.ts':
      "export const money = (usd: number) => `$${usd}`;\nexport const at = new Date('2026-01-01');",
  };
  const read = (file: string) => modules[file];

  it('when the screen reads the clock through a module it imports, followed through', () => {
    expect(readsTheClockThroughImports('src/web/a/panel.test.tsx', read)).toBe(true);
  });

  it('not when every module it reaches reads fixed dates only', () => {
    expect(readsTheClockThroughImports('src/web/b/table.test.tsx', read)).toBe(false);
  });

  it("counts now from Date, dayjs, Mantine's date pickers and faked timers as reading the clock", () => {
    for (const text of [
      'const stamp = Date.now();',
      'const today = new Date();',
      "import dayjs from 'dayjs';",
      "import { DatePickerInput } from '@mantine/dates';",
      'vi.useFakeTimers();',
    ]) {
      expect(
        readsTheClockThroughImports('x.tsx', () => text),
        text,
      ).toBe(true);
    }
  });
});
