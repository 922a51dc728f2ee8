import { describe, expect, it } from 'vitest';
import { describePeriod } from './alert-format.ts';

describe('a budget period in words', () => {
  it('names a month, a quarter and a year as people say them', () => {
    expect(describePeriod('2024-09')).toBe('Sep 2024');
    expect(describePeriod('2026-Q3')).toBe('Q3 2026');
    expect(describePeriod('2026')).toBe('2026');
  });
});
