import type { Kysely } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  defaultTimezone: string | null;
  phone: string | null;
  viewCustoms: string | null;
  isDemo: boolean | null;
  avatarUpdatedAt: Date | null;
}

export async function findUserRow(db: Kysely<DatabaseSchema>, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .leftJoin('user_avatars', 'user_avatars.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.emailVerified',
      'user.defaultTimezone',
      'user.phone',
      'user.viewCustoms',
      'user.isDemo',
      'user_avatars.updated_at as avatarUpdatedAt',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export async function updateUserRow(
  db: Kysely<DatabaseSchema>,
  userId: string,
  patch: Partial<Pick<UserRow, 'name' | 'defaultTimezone' | 'phone' | 'viewCustoms'>>,
): Promise<void> {
  await db
    .updateTable('user')
    .set({ ...patch, updatedAt: databaseNow() })
    .where('id', '=', userId)
    .execute();
}

export async function upsertAvatar(
  db: Kysely<DatabaseSchema>,
  avatar: { userId: string; contentType: string; bytes: Buffer },
): Promise<void> {
  await db
    .insertInto('user_avatars')
    .values({
      user_id: avatar.userId,
      content_type: avatar.contentType,
      bytes: avatar.bytes,
      updated_at: databaseNow(),
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ content_type: avatar.contentType, bytes: avatar.bytes, updated_at: databaseNow() }),
    )
    .execute();
}

export async function findAvatar(db: Kysely<DatabaseSchema>, userId: string) {
  return db
    .selectFrom('user_avatars')
    .select(['content_type', 'bytes', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
