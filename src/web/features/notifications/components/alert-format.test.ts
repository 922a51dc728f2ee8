import { describe, expect, it } from 'vitest';
import { describeFilter } from './alert-format.ts';

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
