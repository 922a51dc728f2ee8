import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TeamCostScope } from '../../../domain/cost-scope.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface TeamRow {
  id: string;
  name: string;
  slug: string;
  memberCount: number;
}

const teams = (db: Kysely<DatabaseSchema>, organizationId: string) =>
  db
    .selectFrom('team')
    .innerJoin('team_slugs', 'team_slugs.team_id', 'team.id')
    .select(['team.id', 'team.name', 'team_slugs.slug', 'team.memberCount'])
    .where('team.organizationId', '=', organizationId);

export async function findTeams(db: Kysely<DatabaseSchema>, organizationId: string): Promise<TeamRow[]> {
  return teams(db, organizationId).orderBy('team.name').execute();
}

export async function findTeam(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  by: { id: string } | { slug: string },
): Promise<TeamRow | undefined> {
  const query = teams(db, organizationId);
  return (
    'id' in by ? query.where('team.id', '=', by.id) : query.where('team_slugs.slug', '=', by.slug)
  ).executeTakeFirst();
}

export async function isTeamSlugTaken(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  slug: string,
  exceptTeamId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('team_slugs')
    .select('team_id')
    .where('organization_id', '=', organizationId)
    .where('slug', '=', slug);
  if (exceptTeamId) query = query.where('team_id', '!=', exceptTeamId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertTeam(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  team: { name: string; slug: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('team')
    .values({
      id,
      name: team.name,
      organizationId,
      memberCount: 0,
      createdAt: databaseNow(),
      updatedAt: databaseNow(),
    })
    .execute();
  await db
    .insertInto('team_slugs')
    .values({ organization_id: organizationId, team_id: id, slug: team.slug })
    .execute();
  return id;
}

export async function updateTeam(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  teamId: string,
  patch: { name?: string; slug?: string },
): Promise<void> {
  await db
    .updateTable('team')
    .set({ ...(patch.name !== undefined && { name: patch.name }), updatedAt: databaseNow() })
    .where('organizationId', '=', organizationId)
    .where('id', '=', teamId)
    .execute();
  if (patch.slug !== undefined) {
    await db
      .updateTable('team_slugs')
      .set({ slug: patch.slug })
      .where('organization_id', '=', organizationId)
      .where('team_id', '=', teamId)
      .execute();
  }
}

export async function deleteTeam(db: Kysely<DatabaseSchema>, organizationId: string, teamId: string) {
  await db.deleteFrom('team').where('organizationId', '=', organizationId).where('id', '=', teamId).execute();
}

/** better-auth's key that keeps one row per team and person. */
const membershipKey = (teamId: string, userId: string) =>
  createHash('sha256')
    .update(JSON.stringify([teamId, userId]))
    .digest('base64url');

export async function addTeamMembers(db: Kysely<DatabaseSchema>, teamId: string, userIds: string[]) {
  if (userIds.length > 0) {
    await db
      .insertInto('teamMember')
      .values(
        userIds.map((userId) => ({
          id: randomUUID(),
          teamId,
          userId,
          membershipKey: membershipKey(teamId, userId),
          createdAt: databaseNow(),
        })),
      )
      .onConflict((oc) => oc.column('membershipKey').doNothing())
      .execute();
  }
  await recountTeamMembers(db, [teamId]);
}

export async function removeTeamMembers(db: Kysely<DatabaseSchema>, teamId: string, userIds?: string[]) {
  let query = db.deleteFrom('teamMember').where('teamId', '=', teamId);
  if (userIds) {
    if (userIds.length === 0) return 0;
    query = query.where('userId', 'in', userIds);
  }
  const removed = await query.executeTakeFirst();
  await recountTeamMembers(db, [teamId]);
  return Number(removed.numDeletedRows);
}

export async function recountTeamMembers(db: Kysely<DatabaseSchema>, teamIds: string[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db
    .updateTable('team')
    .set((eb) => ({
      memberCount: eb
        .selectFrom('teamMember')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('teamMember.teamId', '=', 'team.id'),
    }))
    .where('id', 'in', teamIds)
    .execute();
}

/** The scope rows of these teams, grouped per team (teams without rows own no scope). */
export async function findTeamScopes(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  teamIds: string[],
): Promise<Map<string, TeamCostScope>> {
  const scopes = new Map<string, TeamCostScope>(teamIds.map((id) => [id, { accountIds: [], tags: [] }]));
  if (teamIds.length === 0) return scopes;
  const rows = await db
    .selectFrom('team_cost_scopes')
    .select(['team_id', 'usage_account_id', 'tag_key', 'tag_value'])
    .where('organization_id', '=', organizationId)
    .where('team_id', 'in', teamIds)
    .execute();
  for (const row of rows) {
    const scope = scopes.get(row.team_id);
    if (!scope) continue;
    if (row.usage_account_id) scope.accountIds.push(row.usage_account_id);
    else if (row.tag_key && row.tag_value) scope.tags.push({ key: row.tag_key, value: row.tag_value });
  }
  return scopes;
}

export async function replaceTeamScope(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  teamId: string,
  scope: TeamCostScope,
): Promise<void> {
  await db
    .deleteFrom('team_cost_scopes')
    .where('organization_id', '=', organizationId)
    .where('team_id', '=', teamId)
    .execute();
  const rows = [
    ...scope.accountIds.map((accountId) => ({ usage_account_id: accountId, tag_key: null, tag_value: null })),
    ...scope.tags.map((tag) => ({ usage_account_id: null, tag_key: tag.key, tag_value: tag.value })),
  ];
  if (rows.length === 0) return;
  await db
    .insertInto('team_cost_scopes')
    .values(rows.map((row) => ({ organization_id: organizationId, team_id: teamId, ...row })))
    .execute();
}

/** The ids of the teams of one person in one organization. */
export async function findTeamIdsOfUser(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('teamMember')
    .innerJoin('team', 'team.id', 'teamMember.teamId')
    .select('team.id')
    .where('team.organizationId', '=', organizationId)
    .where('teamMember.userId', '=', userId)
    .execute();
  return rows.map((row) => row.id);
}
