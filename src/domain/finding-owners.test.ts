import { describe, expect, it } from 'vitest';
import { findingOwner, type ScopedTeam } from './finding-owners.ts';

const teams: ScopedTeam[] = [
  { teamId: 't-data-account', name: 'Data (account)', scope: { accountIds: ['746251839027'], tags: [] } },
  {
    teamId: 't-platform',
    name: 'Platform',
    scope: { accountIds: [], tags: [{ key: 'team', value: 'platform' }] },
  },
  { teamId: 't-everything', name: 'Finance', scope: { accountIds: [], tags: [] } },
];

describe('findingOwner', () => {
  it('names the team owning one of the resource tags, before a team owning its account', () => {
    expect(findingOwner({ usageAccountId: '746251839027', tags: { team: 'platform' } }, teams)).toEqual({
      teamId: 't-platform',
      name: 'Platform',
      matchedBy: 'tag team=platform',
    });
  });

  it('falls back to the team owning the account', () => {
    expect(findingOwner({ usageAccountId: '746251839027', tags: {} }, teams)?.matchedBy).toBe(
      'account 746251839027',
    );
  });

  it('names nobody when no scoped team holds it (a team without a scope owns nothing in particular)', () => {
    expect(findingOwner({ usageAccountId: '281947365012', tags: { team: 'web' } }, teams)).toBeNull();
  });
});
