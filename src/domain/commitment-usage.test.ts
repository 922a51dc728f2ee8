import { describe, expect, it } from 'vitest';
import { commitmentUsageOf, holdsUsage } from './commitment-usage.ts';
import { UNRESTRICTED } from './cost-scope.ts';

const WEB = { key: 'team', value: 'web' };
const DATA = { key: 'team', value: 'data' };
const accountsAndWeb = { restricted: true as const, accountIds: ['111', '222'], tags: [WEB] };
const accountsOnly = { restricted: true as const, accountIds: ['111'], tags: [] };

describe('the usage whose commitments a person sees', () => {
  it('is everything for an unrestricted scope, one account when filtered to it', () => {
    expect(commitmentUsageOf(UNRESTRICTED)).toBeNull();
    expect(commitmentUsageOf(UNRESTRICTED, { accountId: '333' })).toEqual({ accountIds: ['333'] });
  });

  it("is a scope's accounts, and the tagged usage of any other account", () => {
    expect(commitmentUsageOf(accountsAndWeb)).toEqual({
      accountIds: ['111', '222'],
      tagged: { tags: [WEB], accountIds: null },
    });
    expect(commitmentUsageOf(accountsOnly)).toEqual({ accountIds: ['111'] });
  });

  it("narrows to a filtered account: all of it when the scope's, its tagged usage when not", () => {
    expect(commitmentUsageOf(accountsAndWeb, { accountId: '222' })).toEqual({ accountIds: ['222'] });
    const other = commitmentUsageOf(accountsAndWeb, { accountId: '999' });
    expect(other).toEqual({ accountIds: [], tagged: { tags: [WEB], accountIds: ['999'] } });
    expect(holdsUsage(other!)).toBe(true);
    const outside = commitmentUsageOf(accountsOnly, { accountId: '999' });
    expect(outside).toEqual({ accountIds: [] });
    expect(holdsUsage(outside!)).toBe(false);
  });

  it("holds a choice of tag values' usage, within the scope's accounts", () => {
    expect(commitmentUsageOf(UNRESTRICTED, { tagChoice: [WEB, DATA] })).toEqual({
      accountIds: [],
      tagged: { tags: [WEB, DATA], accountIds: null },
    });
    expect(commitmentUsageOf(accountsOnly, { tagChoice: [DATA] })).toEqual({
      accountIds: [],
      tagged: { tags: [DATA], accountIds: ['111'] },
    });
  });

  it('holds none for a cut the tag sets cannot make', () => {
    // A scope's own pairs narrowed by another tag, the untagged lines, an empty choice.
    for (const usage of [
      commitmentUsageOf(accountsAndWeb, { tagChoice: [DATA] }),
      commitmentUsageOf(UNRESTRICTED, { tagChoice: [WEB, null] }),
      commitmentUsageOf(UNRESTRICTED, { tagChoice: [] }),
    ])
      expect(holdsUsage(usage!)).toBe(false);
  });
});
