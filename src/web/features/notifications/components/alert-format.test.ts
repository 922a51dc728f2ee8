import { describe, expect, it } from 'vitest';
import { describeFilter, describePeriod } from './alert-format.ts';

describe('a budget period in words', () => {
  it('names a month, a quarter and a year as people say them', () => {
    expect(describePeriod('2024-09')).toBe('Sep 2024');
    expect(describePeriod('2026-Q3')).toBe('Q3 2026');
    expect(describePeriod('2026')).toBe('2026');
  });
});

describe('what a budget or rule watches', () => {
  it('names the clouds of a budget scoped to providers as people know them', () => {
    expect(
      describeFilter({
        account_ids: [],
        services: ['Virtual Machines'],
        tag: null,
        providers: ['Microsoft'],
      }),
    ).toBe('Virtual Machines · Microsoft Azure');
    expect(describeFilter({ account_ids: [], services: [], tag: null, providers: [] })).toBe('All spend');
  });
});
