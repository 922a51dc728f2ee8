import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export async function revokeSession(db: Kysely<DatabaseSchema>, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

export async function findUserIdByEmail(
  db: Kysely<DatabaseSchema>,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function markDemoUser(db: Kysely<DatabaseSchema>, userId: string): Promise<void> {
  await db.updateTable('user').set({ isDemo: true, emailVerified: true }).where('id', '=', userId).execute();
}

export async function isVerificationTokenUsed(
  db: Kysely<DatabaseSchema>,
  tokenHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('used_verification_tokens')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markVerificationTokenUsed(
  db: Kysely<DatabaseSchema>,
  tokenHash: string,
): Promise<void> {
  await db
    .insertInto('used_verification_tokens')
    .values({ token_hash: tokenHash })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function isEmailVerified(db: Kysely<DatabaseSchema>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
  return row?.emailVerified === true;
}
