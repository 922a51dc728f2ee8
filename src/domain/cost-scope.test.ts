import { describe, expect, it } from 'vitest';
import {
  costScopeOf,
  isCostInScope,
  normalizeTeamCostScope,
  ruleWithinScope,
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

describe('which alert rules a member limited to teams sees', () => {
  const member = costScopeOf('member', [payments]);
  const everything = { accountIds: [], tag: null };

  it('one who sees all spend sees every rule', () => {
    expect(ruleWithinScope({ filter: everything, team: null }, costScopeOf('owner', [payments]))).toBe(true);
  });

  it('a rule filtered on their account or their tag value is theirs; on another account it is not', () => {
    expect(ruleWithinScope({ filter: { accountIds: ['111122223333'], tag: null }, team: null }, member)).toBe(
      true,
    );
    expect(
      ruleWithinScope(
        { filter: { accountIds: [], tag: { key: 'team', value: 'payments' } }, team: null },
        member,
      ),
    ).toBe(true);
    expect(ruleWithinScope({ filter: { accountIds: ['444455556666'], tag: null }, team: null }, member)).toBe(
      false,
    );
  });

  it('a rule on all spend belongs to the organization', () => {
    expect(ruleWithinScope({ filter: everything, team: null }, member)).toBe(false);
  });

  it('a rule bound to a team is theirs when that team’s whole scope is inside theirs', () => {
    expect(ruleWithinScope({ filter: everything, team: payments }, member)).toBe(true);
    expect(ruleWithinScope({ filter: everything, team: data }, member)).toBe(false);
    const wider = { accountIds: ['111122223333', '444455556666'], tags: [] };
    expect(ruleWithinScope({ filter: everything, team: wider }, member)).toBe(false);
    expect(ruleWithinScope({ filter: everything, team: unscoped }, member)).toBe(false);
  });
});
