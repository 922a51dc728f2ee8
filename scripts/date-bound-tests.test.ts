import { describe, expect, it } from 'vitest';
import { READS_A_DAY, WORKS_OUT_DAYS } from './date-bound-tests.ts';

describe('the integration tests run again on other dates', () => {
  it('a year ahead: a file that reads the simulator, a clock, a sample bill or days', () => {
    expect(READS_A_DAY.test('const { simulator, clock } = await startTestSimulator();')).toBe(true);
    expect(READS_A_DAY.test("createTestApp({ clock: fixedClock('2024-10-15T12:00:00Z') })")).toBe(true);
    expect(READS_A_DAY.test("import { FOCUS_SAMPLE } from '../testing/raw-billing-samples.ts';")).toBe(true);
    expect(READS_A_DAY.test('const monthAgo = Date.now() - 30 * DAY_MS;')).toBe(true);
  });

  it('on the calendar dates: only a file that works out days or chooses its clock', () => {
    expect(WORKS_OUT_DAYS.test('const yesterday = addDays(today, -1);')).toBe(true);
    expect(WORKS_OUT_DAYS.test('const clock = testClock(new Date());')).toBe(true);
    expect(WORKS_OUT_DAYS.test('const { simulator } = await startTestSimulator();')).toBe(false);
  });

  it('leaves a file that reads no day', () => {
    expect(READS_A_DAY.test("const answer = await server.app.inject({ url: '/api/health' });")).toBe(false);
    expect(READS_A_DAY.test("const run = await uploadFile(server, token, 'cur.csv');")).toBe(false);
  });
});
