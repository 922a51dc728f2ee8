import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MyOrganization, OrganizationDetails } from '../../../contracts/organizations.ts';
import type { MyCostScope } from '../../../contracts/teams.ts';
import { type CostScope, costScopeOf, type TeamCostScope } from '../../../domain/cost-scope.ts';
import { isOrganizationRole } from '../../../domain/organization-roles.ts';
import { slugify } from '../../../domain/slugs.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { notFound } from '../../plugins/errors.ts';
import { readMembers } from './member-directory.ts';
import { findMemberRole, insertMember } from './members.repository.ts';
import { requireManager } from './organization-access.ts';
import {
  countMembers,
  deleteOrganizations,
  findLastUsedOrganization,
  findMemberships,
  findOrganization,
  findOrganizationBySlug,
  findOrganizationsOnlyMemberOf,
  findOrganizationsOwnedBy,
  insertOrganization,
  type Membership,
  type OrganizationIdentity,
  renameOrganization,
  setSessionOrganization,
  slugExists,
} from './organizations.repository.ts';
import { findTeam, findTeamIdsOfUser, findTeamScopes, findTeams } from './teams.repository.ts';

export type { Membership, OrganizationIdentity };

/** Whose costs someone is asking about: the viewer of a request, or the recipient of an alert. */
export interface CostScopeSubject {
  organizationId: string;
  userId: string;
}

const roleOf = (role: string) => (isOrganizationRole(role) ? role : 'member');

export function createOrganizationsService(db: Kysely<DatabaseSchema>, reads: CachedReads = UNCACHED_READS) {
  async function readCostScope(subject: CostScopeSubject): Promise<CostScope> {
    const role = await findMemberRole(db, subject.organizationId, subject.userId);
    if (role === undefined) return { restricted: true, accountIds: [], tags: [] };
    const teamIds = await findTeamIdsOfUser(db, subject.organizationId, subject.userId);
    const scopes = await findTeamScopes(db, subject.organizationId, teamIds);
    return costScopeOf(role, [...scopes.values()]);
  }
  const costScopeFor = (subject: CostScopeSubject): Promise<CostScope> =>
    reads.read(`cost-scope\n${subject.organizationId}\n${subject.userId}`, () => readCostScope(subject));

  async function details(viewer: Viewer): Promise<OrganizationDetails> {
    const organization = await findOrganization(db, viewer.organizationId);
    if (!organization) throw notFound('Organization');
    return {
      ...organization,
      my_role: roleOf(viewer.organizationRole),
      members: await readMembers(db, viewer.organizationId),
    };
  }

  return {
    /** Every account belongs to an organization: the person who creates it is its owner. */
    async createPersonalOrganization(owner: { id: string; name: string; email: string }): Promise<string> {
      const firstName = owner.name.trim().split(/\s+/)[0] || 'My';
      const name = `${firstName}'s organization`;
      let slug = slugify(name) || 'organization';
      if (await slugExists(db, slug)) slug = `${slug}-${randomBytes(3).toString('hex')}`;
      return db.transaction().execute(async (trx) => {
        const organizationId = await insertOrganization(trx, { name, slug });
        await insertMember(trx, organizationId, owner, 'owner');
        return organizationId;
      });
    },
    memberships: (userId: string) => findMemberships(db, userId),
    async membershipIn(userId: string, organizationId: string | null): Promise<Membership | undefined> {
      const memberships = await findMemberships(db, userId);
      return memberships.find((m) => m.organizationId === organizationId) ?? memberships[0];
    },
    countMembers: (organizationId: string) => countMembers(db, organizationId),
    /** An operator names an organization by its slug, or by its owner's e-mail when they own exactly one. */
    async findForOperator(slugOrOwnerEmail: string): Promise<OrganizationIdentity> {
      if (!slugOrOwnerEmail.includes('@')) {
        const found = await findOrganizationBySlug(db, slugOrOwnerEmail);
        if (!found) throw new Error(`No organization has the slug "${slugOrOwnerEmail}".`);
        return found;
      }
      const owned = await findOrganizationsOwnedBy(db, slugOrOwnerEmail);
      if (owned.length === 1 && owned[0]) return owned[0];
      if (owned.length === 0) throw new Error(`${slugOrOwnerEmail} owns no organization.`);
      const slugs = owned.map((organization) => organization.slug).join(', ');
      throw new Error(`${slugOrOwnerEmail} owns several organizations; name one by its slug: ${slugs}.`);
    },
    /** A new session opens where the person last worked, else in their first organization. */
    async organizationForNewSession(userId: string): Promise<string | null> {
      const lastUsed = await findLastUsedOrganization(db, userId);
      return lastUsed ?? (await findMemberships(db, userId))[0]?.organizationId ?? null;
    },
    /** The organizations that would be left without anyone: they leave with their last member. */
    async deleteOrganizationsOnlyMemberOf(userId: string): Promise<void> {
      await deleteOrganizations(db, await findOrganizationsOnlyMemberOf(db, userId));
    },

    details,
    async rename(viewer: Viewer, name: string): Promise<OrganizationDetails> {
      requireManager(viewer, 'rename the organization');
      await renameOrganization(db, viewer.organizationId, name);
      return details(viewer);
    },
    async listMine(viewer: Viewer): Promise<MyOrganization[]> {
      const memberships = await findMemberships(db, viewer.userId);
      return memberships.map((m) => ({
        id: m.organizationId,
        name: m.organizationName,
        role: roleOf(m.role),
        active: m.organizationId === viewer.organizationId,
      }));
    },
    /** Switches the session to another of the person's organizations; any other id answers 404. */
    async activate(viewer: Viewer, organizationId: string): Promise<MyOrganization> {
      const membership = (await findMemberships(db, viewer.userId)).find(
        (m) => m.organizationId === organizationId,
      );
      if (!membership) throw notFound('Organization');
      await setSessionOrganization(db, viewer.sessionId, organizationId);
      return {
        id: organizationId,
        name: membership.organizationName,
        role: roleOf(membership.role),
        active: true,
      };
    },

    /**
     * The spend this person may see in this organization (src/domain/cost-scope.ts): unrestricted for owners
     * and admins and for members no scoped team restricts, else the union of their teams' accounts and tag
     * pairs. Someone who is not a member sees nothing. Billing data, budgets and alerts apply it.
     */
    costScopeFor,

    /** One team's own scope (its accounts and tag pairs), or null when the organization has no such team. */
    async teamCostScope(organizationId: string, teamId: string): Promise<TeamCostScope | null> {
      if (!(await findTeam(db, organizationId, { id: teamId }))) return null;
      return (await findTeamScopes(db, organizationId, [teamId])).get(teamId) ?? null;
    },

    /** Every team of the organization with its own scope, to name who owns a resource. */
    async scopedTeams(organizationId: string) {
      const teams = await findTeams(db, organizationId);
      const scopes = await findTeamScopes(
        db,
        organizationId,
        teams.map((team) => team.id),
      );
      return teams.map((team) => ({
        teamId: team.id,
        name: team.name,
        scope: scopes.get(team.id) ?? { accountIds: [], tags: [] },
      }));
    },

    /** The viewer's own scope, with the teams it comes from, for screens that explain what they show. */
    async myCostScope(viewer: Viewer): Promise<MyCostScope> {
      const scope = await costScopeFor(viewer);
      const teamIds = new Set(await findTeamIdsOfUser(db, viewer.organizationId, viewer.userId));
      const teams = (await findTeams(db, viewer.organizationId))
        .filter((team) => teamIds.has(team.id))
        .map(({ id, name, slug }) => ({ id, name, slug }));
      return scope.restricted
        ? { restricted: true, account_ids: scope.accountIds, tags: scope.tags, teams }
        : { restricted: false, account_ids: [], tags: [], teams };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
