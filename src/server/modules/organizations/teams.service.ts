import type { Kysely } from 'kysely';
import type { TeamDetails, TeamScope, TeamSummary, TeamUsers } from '../../../contracts/teams.ts';
import { normalizeTeamCostScope, type TeamCostScope } from '../../../domain/cost-scope.ts';
import type { PlanFeature } from '../../../domain/plans.ts';
import { numberedSlug, slugify } from '../../../domain/slugs.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { readMembers } from './member-directory.ts';
import { findMemberRows } from './members.repository.ts';
import { requireManager } from './organization-access.ts';
import {
  addTeamMembers,
  deleteTeam,
  findTeam,
  findTeamScopes,
  findTeams,
  insertTeam,
  isTeamSlugTaken,
  removeTeamMembers,
  replaceTeamScope,
  type TeamRow,
  updateTeam,
} from './teams.repository.ts';

const toStoredScope = (scope: TeamScope): TeamCostScope =>
  normalizeTeamCostScope({ accountIds: scope.account_ids, tags: scope.tags });

const toSummary = (team: TeamRow, scope: TeamCostScope | undefined): TeamSummary => ({
  id: team.id,
  name: team.name,
  slug: team.slug,
  member_count: Number(team.memberCount),
  scope: { account_ids: scope?.accountIds ?? [], tags: scope?.tags ?? [] },
});

const slugTaken = (slug: string) =>
  new ApiError(409, 'SlugTaken', `slug: another team of this organization already uses "${slug}".`);

/** Billing's feature guard (403 `PlanFeatureRequired` outside Business), given by the app. */
export type AssertFeature = (viewer: Pick<Viewer, 'organizationId'>, feature: PlanFeature) => Promise<void>;

/**
 * Teams of the viewer's organization: name, unique slug, members and the spend they own. Teams and their
 * scoped views are a Business feature (docs/decisions/031): creating, changing or filling a team needs
 * it; reading, deleting and taking people out stay open, so an organization back on Free keeps its data
 * and can tidy up.
 */
export function createTeamsService(db: Kysely<DatabaseSchema>, assertFeature: AssertFeature) {
  async function teamOf(viewer: Viewer, by: { id: string } | { slug: string }): Promise<TeamRow> {
    const team = await findTeam(db, viewer.organizationId, by);
    if (!team) throw notFound('Team');
    return team;
  }

  async function summaryOf(viewer: Viewer, team: TeamRow): Promise<TeamSummary> {
    const scopes = await findTeamScopes(db, viewer.organizationId, [team.id]);
    return toSummary(team, scopes.get(team.id));
  }

  async function detailsOf(viewer: Viewer, teamId: string): Promise<TeamDetails> {
    const summary = await summaryOf(viewer, await teamOf(viewer, { id: teamId }));
    return { ...summary, members: await readMembers(db, viewer.organizationId, { teamId }) };
  }

  /** People from another organization are unknown here: 404, as for any id not ours. */
  async function requireMembers(viewer: Viewer, userIds: string[]): Promise<string[]> {
    const unique = [...new Set(userIds)];
    const found = await findMemberRows(db, viewer.organizationId, { userIds: unique });
    if (found.length !== unique.length) throw notFound('User');
    return unique;
  }

  async function freeSlugFrom(viewer: Viewer, name: string): Promise<string> {
    const base = slugify(name) || 'team';
    for (let n = 1; ; n++) {
      const candidate = numberedSlug(base, n);
      if (!(await isTeamSlugTaken(db, viewer.organizationId, candidate))) return candidate;
    }
  }

  return {
    async list(viewer: Viewer): Promise<TeamSummary[]> {
      const teams = await findTeams(db, viewer.organizationId);
      const scopes = await findTeamScopes(
        db,
        viewer.organizationId,
        teams.map((team) => team.id),
      );
      return teams.map((team) => toSummary(team, scopes.get(team.id)));
    },

    get: detailsOf,

    /** GET list_users: a team's members, by id or by slug. */
    async users(viewer: Viewer, by: { id: string } | { slug: string }): Promise<TeamUsers> {
      const team = await teamOf(viewer, by);
      return {
        team: await summaryOf(viewer, team),
        users: await readMembers(db, viewer.organizationId, { teamId: team.id }),
      };
    },

    async create(
      viewer: Viewer,
      input: { name: string; slug?: string; member_ids: string[]; scope: TeamScope },
    ): Promise<TeamDetails> {
      requireManager(viewer, 'create teams');
      await assertFeature(viewer, 'teams');
      const memberIds = await requireMembers(viewer, input.member_ids);
      if (input.slug && (await isTeamSlugTaken(db, viewer.organizationId, input.slug)))
        throw slugTaken(input.slug);
      const slug = input.slug ?? (await freeSlugFrom(viewer, input.name));
      const teamId = await db.transaction().execute(async (trx) => {
        const id = await insertTeam(trx, viewer.organizationId, { name: input.name, slug });
        await replaceTeamScope(trx, viewer.organizationId, id, toStoredScope(input.scope));
        await addTeamMembers(trx, id, memberIds);
        return id;
      });
      return detailsOf(viewer, teamId);
    },

    async update(
      viewer: Viewer,
      teamId: string,
      patch: { name?: string; slug?: string; member_ids?: string[]; scope?: TeamScope },
    ): Promise<TeamDetails> {
      requireManager(viewer, 'change teams');
      await assertFeature(viewer, 'teams');
      await teamOf(viewer, { id: teamId });
      const memberIds = patch.member_ids && (await requireMembers(viewer, patch.member_ids));
      if (patch.slug && (await isTeamSlugTaken(db, viewer.organizationId, patch.slug, teamId))) {
        throw slugTaken(patch.slug);
      }
      await db.transaction().execute(async (trx) => {
        await updateTeam(trx, viewer.organizationId, teamId, { name: patch.name, slug: patch.slug });
        if (patch.scope)
          await replaceTeamScope(trx, viewer.organizationId, teamId, toStoredScope(patch.scope));
        if (memberIds) {
          await removeTeamMembers(trx, teamId);
          await addTeamMembers(trx, teamId, memberIds);
        }
      });
      return detailsOf(viewer, teamId);
    },

    async remove(viewer: Viewer, teamId: string): Promise<void> {
      requireManager(viewer, 'delete teams');
      await teamOf(viewer, { id: teamId });
      await deleteTeam(db, viewer.organizationId, teamId);
    },

    async addMember(viewer: Viewer, teamId: string, userId: string): Promise<TeamDetails> {
      requireManager(viewer, 'change team members');
      await assertFeature(viewer, 'teams');
      await teamOf(viewer, { id: teamId });
      await requireMembers(viewer, [userId]);
      await addTeamMembers(db, teamId, [userId]);
      return detailsOf(viewer, teamId);
    },

    /** DELETE remove-user with team_id: the person leaves the team, not the organization. */
    async removeMember(viewer: Viewer, teamId: string, userId: string): Promise<void> {
      requireManager(viewer, 'change team members');
      await teamOf(viewer, { id: teamId });
      const removed = await removeTeamMembers(db, teamId, [userId]);
      if (removed === 0) throw notFound('Team member');
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
