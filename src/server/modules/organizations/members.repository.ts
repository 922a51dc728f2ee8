import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { firstFreeSlug, memberSlugBase, numberedSlugsPrefix } from '../../../domain/slugs.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: string;
  slug: string;
  joinedAt: Date;
  lastActiveAt: Date | null;
}

export interface MemberFilter {
  userIds?: string[];
  teamId?: string;
  slug?: string;
}

/** The organization's members with their slug and last activity (the newest of their sessions). */
export async function findMemberRows(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  filter: MemberFilter = {},
): Promise<MemberRow[]> {
  let query = db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .innerJoin('member_slugs', (join) =>
      join
        .onRef('member_slugs.member_id', '=', 'member.id')
        .onRef('member_slugs.organization_id', '=', 'member.organizationId'),
    )
    .select((eb) => [
      'member.userId',
      'user.name',
      'user.email',
      'member.role',
      'member_slugs.slug',
      'member.createdAt as joinedAt',
      eb
        .selectFrom('session')
        .select((inner) => inner.fn.max('session.updatedAt').as('lastActive'))
        .whereRef('session.userId', '=', 'member.userId')
        .as('lastActiveAt'),
    ])
    .where('member.organizationId', '=', organizationId);
  if (filter.userIds) {
    if (filter.userIds.length === 0) return [];
    query = query.where('member.userId', 'in', filter.userIds);
  }
  if (filter.slug !== undefined) query = query.where('member_slugs.slug', '=', filter.slug);
  if (filter.teamId !== undefined) {
    const teamId = filter.teamId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('teamMember')
          .select('teamMember.id')
          .whereRef('teamMember.userId', '=', 'member.userId')
          .where('teamMember.teamId', '=', teamId),
      ),
    );
  }
  const rows = await query.orderBy('member.createdAt').orderBy('user.email').execute();
  return rows.map((row) => ({ ...row, lastActiveAt: row.lastActiveAt ? new Date(row.lastActiveAt) : null }));
}

/** The teams of these people inside the organization. */
export async function findTeamsOfMembers(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  userIds: string[],
): Promise<Array<{ userId: string; id: string; name: string; slug: string }>> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('teamMember')
    .innerJoin('team', 'team.id', 'teamMember.teamId')
    .innerJoin('team_slugs', 'team_slugs.team_id', 'team.id')
    .select(['teamMember.userId', 'team.id', 'team.name', 'team_slugs.slug'])
    .where('team.organizationId', '=', organizationId)
    .where('teamMember.userId', 'in', userIds)
    .orderBy('team.name')
    .execute();
}

export async function findMemberRole(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('member')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function countOwners(db: Kysely<DatabaseSchema>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('organizationId', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export async function updateMemberRole(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  await db
    .updateTable('member')
    .set({ role })
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .execute();
}

/** Adds the person with a slug from their e-mail that is free in this organization. */
export async function insertMember(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  person: { id: string; email: string },
  role: string,
): Promise<void> {
  const base = memberSlugBase(person.email);
  const taken = await db
    .selectFrom('member_slugs')
    .select('slug')
    .where('organization_id', '=', organizationId)
    .where('slug', 'like', `${numberedSlugsPrefix(base)}%`)
    .execute();
  const memberId = randomUUID();
  await db
    .insertInto('member')
    .values({ id: memberId, organizationId, userId: person.id, role, createdAt: databaseNow() })
    .execute();
  await db
    .insertInto('member_slugs')
    .values({
      organization_id: organizationId,
      member_id: memberId,
      slug: firstFreeSlug(base, new Set(taken.map((row) => row.slug))),
    })
    .execute();
}

/** Removes the person from the organization and from its teams. */
export async function deleteMember(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  userId: string,
): Promise<string[]> {
  const teams = await db
    .deleteFrom('teamMember')
    .where('userId', '=', userId)
    .where('teamId', 'in', db.selectFrom('team').select('id').where('organizationId', '=', organizationId))
    .returning('teamId')
    .execute();
  await db
    .deleteFrom('member')
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .execute();
  return teams.map((row) => row.teamId);
}

export async function findUserNameAndEmail(db: Kysely<DatabaseSchema>, userId: string) {
  return db.selectFrom('user').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
}
