import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export async function insertVisitorToken(
  db: Kysely<DatabaseSchema>,
  token: { tokenHash: string; visitorId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('chat_visitor_tokens')
    .values({ token_hash: token.tokenHash, visitor_id: token.visitorId, expires_at: token.expiresAt })
    .execute();
}

export async function findVisitorToken(db: Kysely<DatabaseSchema>, tokenHash: string) {
  return db
    .selectFrom('chat_visitor_tokens')
    .select(['visitor_id as visitorId', 'expires_at as expiresAt'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteVisitorToken(db: Kysely<DatabaseSchema>, tokenHash: string): Promise<void> {
  await db.deleteFrom('chat_visitor_tokens').where('token_hash', '=', tokenHash).execute();
}

/** Tokens past their renewal window can never be used again. */
export async function deleteVisitorTokensExpiredBefore(
  db: Kysely<DatabaseSchema>,
  before: Date,
): Promise<void> {
  await db.deleteFrom('chat_visitor_tokens').where('expires_at', '<', before).execute();
}
