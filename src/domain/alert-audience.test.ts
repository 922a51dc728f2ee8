import { describe, expect, it } from 'vitest';
import { alertReachesScope } from './alert-audience.ts';

const teamScope = {
  restricted: true as const,
  accountIds: ['111111111111', '222222222222'],
  tags: [{ key: 'team', value: 'payments' }],
};

describe('who receives an alert', () => {
  it('reaches everyone who sees all spend, whatever it watches', () => {
    expect(alertReachesScope({ restricted: false }, { accountIds: [], tag: null })).toBe(true);
  });

  it('does not reach a team member when it watches all accounts', () => {
    expect(alertReachesScope(teamScope, { accountIds: [], tag: null })).toBe(false);
  });

  it('reaches a team member when every watched account is theirs', () => {
    expect(alertReachesScope(teamScope, { accountIds: ['111111111111'], tag: null })).toBe(true);
    expect(alertReachesScope(teamScope, { accountIds: ['111111111111', '333333333333'], tag: null })).toBe(
      false,
    );
  });

  it('reaches a team member when it watches one of their tag values', () => {
    expect(alertReachesScope(teamScope, { accountIds: [], tag: { key: 'team', value: 'payments' } })).toBe(
      true,
    );
    expect(alertReachesScope(teamScope, { accountIds: [], tag: { key: 'team', value: 'search' } })).toBe(
      false,
    );
  });
});
