import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface Membership {
  organizationId: string;
  organizationName: string;
  role: string;
}

export async function insertOrganization(
  db: Kysely<DatabaseSchema>,
  organization: { name: string; slug: string },
): Promise<string> {
  const organizationId = randomUUID();
  await db
    .insertInto('organization')
    .values({
      id: organizationId,
      name: organization.name,
      slug: organization.slug,
      createdAt: databaseNow(),
    })
    .execute();
  return organizationId;
}

export async function findMemberships(db: Kysely<DatabaseSchema>, userId: string): Promise<Membership[]> {
  return db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select(['member.organizationId', 'organization.name as organizationName', 'member.role'])
    .where('member.userId', '=', userId)
    .orderBy('member.createdAt')
    .execute();
}

export async function slugExists(db: Kysely<DatabaseSchema>, slug: string): Promise<boolean> {
  const row = await db.selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export async function findOrganization(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('organization')
    .select(['id', 'name', 'slug'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}

export async function renameOrganization(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  name: string,
): Promise<void> {
  await db.updateTable('organization').set({ name }).where('id', '=', organizationId).execute();
}

/** The session works in this organization from now on (better-auth reads activeOrganizationId per request). */
export async function setSessionOrganization(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  organizationId: string,
): Promise<void> {
  await db
    .updateTable('session')
    .set({ activeOrganizationId: organizationId, updatedAt: databaseNow() })
    .where('id', '=', sessionId)
    .execute();
}

/** The organization of the person's most recently used session, if they still belong to it. */
export async function findLastUsedOrganization(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('session')
    .innerJoin('member', (join) =>
      join
        .onRef('member.userId', '=', 'session.userId')
        .on((eb) =>
          eb(eb.cast('member.organizationId', 'text'), '=', eb.ref('session.activeOrganizationId')),
        ),
    )
    .select('member.organizationId')
    .where('session.userId', '=', userId)
    .orderBy('session.updatedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.organizationId;
}

/** Organizations where this person is the only member: they go with the account. */
export async function findOrganizationsOnlyMemberOf(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('member as mine')
    .select('mine.organizationId')
    .where('mine.userId', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('member as other')
            .select('other.id')
            .whereRef('other.organizationId', '=', 'mine.organizationId')
            .where('other.userId', '!=', userId),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.organizationId);
}

export async function deleteOrganizations(
  db: Kysely<DatabaseSchema>,
  organizationIds: string[],
): Promise<void> {
  if (organizationIds.length === 0) return;
  await db.deleteFrom('organization').where('id', 'in', organizationIds).execute();
}

export async function countMembers(db: Kysely<DatabaseSchema>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface OrganizationIdentity {
  id: string;
  name: string;
  slug: string;
}

export async function findOrganizationBySlug(
  db: Kysely<DatabaseSchema>,
  slug: string,
): Promise<OrganizationIdentity | undefined> {
  return db
    .selectFrom('organization')
    .select(['id', 'name', 'slug'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function findOrganizationsOwnedBy(
  db: Kysely<DatabaseSchema>,
  email: string,
): Promise<OrganizationIdentity[]> {
  return db
    .selectFrom('organization')
    .innerJoin('member', 'member.organizationId', 'organization.id')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['organization.id', 'organization.name', 'organization.slug'])
    .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email.toLowerCase()))
    .where('member.role', '=', 'owner')
    .orderBy('organization.createdAt')
    .execute();
}
