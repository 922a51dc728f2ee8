import { describe, expect, it } from 'vitest';
import {
  costScopeOf,
  isCostInScope,
  normalizeTeamCostScope,
  type TeamCostScope,
  watchesWithinScope,
} from './cost-scope.ts';

const payments: TeamCostScope = { accountIds: ['111122223333'], tags: [{ key: 'team', value: 'payments' }] };
const data: TeamCostScope = { accountIds: ['444455556666'], tags: [] };
const unscoped: TeamCostScope = { accountIds: [], tags: [] };

describe('who sees which spend', () => {
  it('shows owners and admins the whole organization, whatever their teams', () => {
    expect(costScopeOf('owner', [payments])).toEqual({ restricted: false });
    expect(costScopeOf('admin', [payments])).toEqual({ restricted: false });
  });

  it('shows a member in no team the whole organization', () => {
    expect(costScopeOf('member', [])).toEqual({ restricted: false });
  });

  it("limits a member to their team's accounts and tag values", () => {
    expect(costScopeOf('member', [payments])).toEqual({
      restricted: true,
      accountIds: ['111122223333'],
      tags: [{ key: 'team', value: 'payments' }],
    });
  });

  it('gives a member of several scoped teams the union of their scopes', () => {
    expect(costScopeOf('member', [payments, data, payments])).toEqual({
      restricted: true,
      accountIds: ['111122223333', '444455556666'],
      tags: [{ key: 'team', value: 'payments' }],
    });
  });

  it('does not restrict a member who is also in a team that owns no scope', () => {
    expect(costScopeOf('member', [payments, unscoped])).toEqual({ restricted: false });
  });
});

describe('a cost line against a scope', () => {
  const scope = costScopeOf('member', [payments]);

  it('is in scope by its usage account', () => {
    expect(isCostInScope(scope, { usageAccountId: '111122223333', tags: {} })).toBe(true);
  });

  it('is in scope by one of its tag pairs, in any account', () => {
    expect(isCostInScope(scope, { usageAccountId: '999999999999', tags: { team: 'payments' } })).toBe(true);
  });

  it('is out of scope with another account and another tag value', () => {
    expect(isCostInScope(scope, { usageAccountId: '999999999999', tags: { team: 'search' } })).toBe(false);
  });

  it('is always in an unrestricted scope', () => {
    expect(isCostInScope({ restricted: false }, { usageAccountId: '1', tags: {} })).toBe(true);
  });
});

describe('a team scope as stored', () => {
  it('drops blanks and repeats and trims what people typed', () => {
    expect(
      normalizeTeamCostScope({
        accountIds: [' 222 ', '111', '', '222'],
        tags: [
          { key: ' env ', value: 'prod' },
          { key: 'env', value: 'prod ' },
          { key: 'env', value: '' },
        ],
      }),
    ).toEqual({ accountIds: ['111', '222'], tags: [{ key: 'env', value: 'prod' }] });
  });
});

describe('which budgets belong to a team', () => {
  const payments: TeamCostScope = {
    accountIds: ['111122223333'],
    tags: [{ key: 'team', value: 'payments' }],
  };

  it('a budget on accounts the team owns belongs to it', () => {
    expect(watchesWithinScope({ accountIds: ['111122223333'], tag: null }, payments)).toBe(true);
  });

  it('a budget on one of its accounts and another team’s does not', () => {
    expect(watchesWithinScope({ accountIds: ['111122223333', '999988887777'], tag: null }, payments)).toBe(
      false,
    );
  });

  it('a budget on a tag value the team owns belongs to it', () => {
    expect(watchesWithinScope({ accountIds: [], tag: { key: 'team', value: 'payments' } }, payments)).toBe(
      true,
    );
    expect(watchesWithinScope({ accountIds: [], tag: { key: 'team', value: 'search' } }, payments)).toBe(
      false,
    );
  });

  it('a budget on all spend belongs to the organization, not to a team', () => {
    expect(watchesWithinScope({ accountIds: [], tag: null }, payments)).toBe(false);
  });
});
