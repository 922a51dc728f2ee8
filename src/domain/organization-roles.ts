/**
 * Roles inside one organization: the owner (who pays), admins who manage, members
 * who read. The product's own support staff carry `platformRole` on their user, not a role here.
 */

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export function isOrganizationRole(role: string): role is OrganizationRole {
  return (ORGANIZATION_ROLES as readonly string[]).includes(role);
}

/** Owners and admins manage people, teams, integrations, budgets and alerts; members read. */
export function managesOrganization(role: string): boolean {
  return role === 'owner' || role === 'admin';
}

export const LAST_OWNER_MESSAGE =
  'An organization needs an owner: make someone else an owner before removing or changing the last one.';

export type MemberChangeProblem = { code: 'Forbidden' | 'LastOwner'; message: string };

/**
 * Why the actor may not give `target` the role `newRole` (or remove them when `newRole` is undefined), or
 * null when they may. Only owners touch owners or make new ones; the last owner stays.
 */
export function memberChangeProblem(change: {
  actorRole: string;
  targetRole: string;
  newRole?: OrganizationRole;
  ownerCount: number;
}): MemberChangeProblem | null {
  const { actorRole, targetRole, newRole, ownerCount } = change;
  if (!managesOrganization(actorRole)) {
    return { code: 'Forbidden', message: 'Only owners and admins can change members.' };
  }
  if (actorRole !== 'owner' && (targetRole === 'owner' || newRole === 'owner')) {
    return { code: 'Forbidden', message: 'Only an owner can change owners or make someone an owner.' };
  }
  const ownerLeaves = targetRole === 'owner' && newRole !== 'owner';
  if (ownerLeaves && ownerCount <= 1) return { code: 'LastOwner', message: LAST_OWNER_MESSAGE };
  return null;
}

/** Admins invite admins and members; only owners invite owners. */
export function inviteProblem(actorRole: string, invitedRole: OrganizationRole): string | null {
  if (!managesOrganization(actorRole)) return 'Only owners and admins can invite people.';
  if (invitedRole === 'owner' && actorRole !== 'owner') return 'Only an owner can invite another owner.';
  return null;
}
