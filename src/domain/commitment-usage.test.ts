import { describe, expect, it } from 'vitest';
import { commitmentUsageOf, holdsUsage } from './commitment-usage.ts';
import { UNRESTRICTED } from './cost-scope.ts';

const WEB = { key: 'team', value: 'web' };
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

  it("cuts any scope by a choice of one tag's values, the untagged lines included", () => {
    const webOrData = { key: 'team', values: ['web', 'data'], untagged: false };
    expect(commitmentUsageOf(UNRESTRICTED, { tagChoice: webOrData })).toEqual({
      accountIds: null,
      choice: webOrData,
    });
    const dataOrNone = { key: 'team', values: ['data'], untagged: true };
    expect(commitmentUsageOf(accountsAndWeb, { tagChoice: dataOrNone })).toEqual({
      accountIds: ['111', '222'],
      tagged: { tags: [WEB], accountIds: null },
      choice: dataOrNone,
    });
    expect(holdsUsage(commitmentUsageOf(accountsOnly, { tagChoice: dataOrNone })!)).toBe(true);
  });

  it('holds none for an empty choice, nor for a scope of nothing', () => {
    const empty = { key: 'team', values: [], untagged: false };
    expect(holdsUsage(commitmentUsageOf(UNRESTRICTED, { tagChoice: empty })!)).toBe(false);
    const nothing = { restricted: true as const, accountIds: [], tags: [] };
    expect(holdsUsage(commitmentUsageOf(nothing)!)).toBe(false);
  });
});
