import { describe, expect, it } from 'vitest';
import {
  inviteProblem,
  LAST_OWNER_MESSAGE,
  managesOrganization,
  memberChangeProblem,
} from './organization-roles.ts';

describe('who manages the organization', () => {
  it('is owners and admins; members read', () => {
    expect(managesOrganization('owner')).toBe(true);
    expect(managesOrganization('admin')).toBe(true);
    expect(managesOrganization('member')).toBe(false);
  });
});

describe('changing or removing a member', () => {
  it('lets an admin promote a member to admin', () => {
    expect(
      memberChangeProblem({ actorRole: 'admin', targetRole: 'member', newRole: 'admin', ownerCount: 1 }),
    ).toBeNull();
  });

  it('refuses a member any change', () => {
    expect(
      memberChangeProblem({ actorRole: 'member', targetRole: 'member', ownerCount: 1 })?.message,
    ).toMatch(/Only owners and admins/);
  });

  it('keeps owners in the hands of owners', () => {
    expect(memberChangeProblem({ actorRole: 'admin', targetRole: 'owner', ownerCount: 2 })?.code).toBe(
      'Forbidden',
    );
    expect(
      memberChangeProblem({ actorRole: 'admin', targetRole: 'member', newRole: 'owner', ownerCount: 1 })
        ?.message,
    ).toMatch(/Only an owner/);
  });

  it('never leaves the organization without an owner', () => {
    expect(memberChangeProblem({ actorRole: 'owner', targetRole: 'owner', ownerCount: 1 })).toEqual({
      code: 'LastOwner',
      message: LAST_OWNER_MESSAGE,
    });
    expect(
      memberChangeProblem({ actorRole: 'owner', targetRole: 'owner', newRole: 'member', ownerCount: 1 })
        ?.code,
    ).toBe('LastOwner');
  });

  it('lets one of two owners step down or go', () => {
    expect(
      memberChangeProblem({ actorRole: 'owner', targetRole: 'owner', newRole: 'admin', ownerCount: 2 }),
    ).toBeNull();
    expect(memberChangeProblem({ actorRole: 'owner', targetRole: 'owner', ownerCount: 2 })).toBeNull();
  });
});

describe('inviting', () => {
  it('lets admins invite members and admins, and only owners invite owners', () => {
    expect(inviteProblem('admin', 'member')).toBeNull();
    expect(inviteProblem('admin', 'admin')).toBeNull();
    expect(inviteProblem('admin', 'owner')).toMatch(/Only an owner/);
    expect(inviteProblem('owner', 'owner')).toBeNull();
    expect(inviteProblem('member', 'member')).toMatch(/Only owners and admins/);
  });
});
