/**
 * The organizations module's side of budgets as code (decision 057): the organization's teams
 * read and written inside the caller's transaction, with the rules of the teams API (managers only, the
 * Business feature to create or change a team, members of this organization only, the stored scope form).
 */
import type { Kysely } from 'kysely';
import { normalizeTeamCostScope, type TeamCostScope } from '../../../domain/cost-scope.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findMemberRows, findTeamsOfMembers } from './members.repository.ts';
import { requireManager } from './organization-access.ts';
import {
  addTeamMembers,
  deleteTeam,
  findTeamScopes,
  findTeams,
  insertTeam,
  removeTeamMembers,
  replaceTeamScope,
  updateTeam,
} from './teams.repository.ts';
import type { AssertFeature } from './teams.service.ts';

export interface StoredTeamSetting {
  id: string;
  slug: string;
  name: string;
  /** The members' e-mail addresses, sorted. */
  memberEmails: string[];
  scope: TeamCostScope;
}

export interface TeamSetting {
  slug: string;
  name: string;
  memberIds: string[];
  scope: TeamCostScope;
}

export interface TeamsWrites {
  create: TeamSetting[];
  update: Array<TeamSetting & { id: string }>;
  delete: string[];
}

export interface OrganizationTeams {
  teams: StoredTeamSetting[];
  /** Every member of the organization, by lower-case e-mail address. */
  memberIdsByEmail: Map<string, string>;
}

export function createTeamsConfig(assertFeature: AssertFeature) {
  return {
    async read(db: Kysely<DatabaseSchema>, organizationId: string): Promise<OrganizationTeams> {
      const [teams, members] = await Promise.all([
        findTeams(db, organizationId),
        findMemberRows(db, organizationId),
      ]);
      const scopes = await findTeamScopes(
        db,
        organizationId,
        teams.map((team) => team.id),
      );
      const memberships = await findTeamsOfMembers(
        db,
        organizationId,
        members.map((member) => member.userId),
      );
      const emailOf = new Map(members.map((member) => [member.userId, member.email.toLowerCase()]));
      return {
        teams: teams.map((team) => ({
          id: team.id,
          slug: team.slug,
          name: team.name,
          memberEmails: memberships
            .filter((membership) => membership.id === team.id)
            .map((membership) => emailOf.get(membership.userId) ?? '')
            .sort(),
          scope: normalizeTeamCostScope(scopes.get(team.id) ?? { accountIds: [], tags: [] }),
        })),
        memberIdsByEmail: new Map(members.map((member) => [member.email.toLowerCase(), member.userId])),
      };
    },

    async assertAllowed(viewer: Viewer, writes: TeamsWrites): Promise<void> {
      requireManager(viewer, 'change teams');
      if (writes.create.length + writes.update.length > 0) await assertFeature(viewer, 'teams');
    },

    /** Deletes first (a slug can move to a new team), then updates, then creates; answers every team's id by slug. */
    async write(
      trx: Kysely<DatabaseSchema>,
      organizationId: string,
      writes: TeamsWrites,
    ): Promise<Map<string, string>> {
      for (const id of writes.delete) await deleteTeam(trx, organizationId, id);
      for (const team of writes.update) {
        await updateTeam(trx, organizationId, team.id, { name: team.name, slug: team.slug });
        await replaceTeamScope(trx, organizationId, team.id, normalizeTeamCostScope(team.scope));
        await removeTeamMembers(trx, team.id);
        await addTeamMembers(trx, team.id, team.memberIds);
      }
      for (const team of writes.create) {
        const id = await insertTeam(trx, organizationId, { name: team.name, slug: team.slug });
        await replaceTeamScope(trx, organizationId, id, normalizeTeamCostScope(team.scope));
        await addTeamMembers(trx, id, team.memberIds);
      }
      const teams = await findTeams(trx, organizationId);
      return new Map(teams.map((team) => [team.slug, team.id]));
    },
  };
}

export type TeamsConfig = ReturnType<typeof createTeamsConfig>;
