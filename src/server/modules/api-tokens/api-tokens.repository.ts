import type { Kysely } from 'kysely';
import { LAST_USE_PRECISION_MS } from '../../../domain/api-token-scopes.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: string;
  lastFour: string;
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const tokenColumns = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.scopes',
  'api_tokens.last_four as lastFour',
  'api_tokens.created_at as createdAt',
  'api_tokens.expires_at as expiresAt',
  'api_tokens.last_used_at as lastUsedAt',
  'api_tokens.revoked_at as revokedAt',
] as const;

export async function insertApiToken(
  db: Db,
  token: {
    organizationId: string;
    name: string;
    tokenHash: string;
    lastFour: string;
    scopes: string;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      organization_id: token.organizationId,
      name: token.name,
      token_hash: token.tokenHash,
      last_four: token.lastFour,
      scopes: token.scopes,
      created_by: token.createdBy,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The organization's tokens, newest first, with the name of the person who made each. */
export async function listApiTokens(db: Db, organizationId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .leftJoin('user', 'user.id', 'api_tokens.created_by')
    .select([...tokenColumns, 'user.name as createdBy'])
    .where('api_tokens.organization_id', '=', organizationId)
    .orderBy('api_tokens.created_at', 'desc')
    .execute();
}

export async function findApiToken(
  db: Db,
  organizationId: string,
  id: string,
): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .leftJoin('user', 'user.id', 'api_tokens.created_by')
    .select([...tokenColumns, 'user.name as createdBy'])
    .where('api_tokens.organization_id', '=', organizationId)
    .where('api_tokens.id', '=', id)
    .executeTakeFirst();
}

export async function markRevoked(db: Db, id: string, revokedBy: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at, revoked_by: revokedBy })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What a presented secret resolves to: the token and its creator's standing in the organization now. */
export interface ApiTokenCredential {
  id: string;
  organizationId: string;
  name: string;
  scopes: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  creatorId: string | null;
  creatorEmail: string | null;
  creatorRole: string | null;
}

/** One indexed read per request, so a revocation holds on every node at once (no cache). */
export async function findCredential(db: Db, tokenHash: string): Promise<ApiTokenCredential | undefined> {
  return db
    .selectFrom('api_tokens')
    .leftJoin('user', 'user.id', 'api_tokens.created_by')
    .leftJoin('member', (join) =>
      join
        .onRef('member.userId', '=', 'api_tokens.created_by')
        .onRef('member.organizationId', '=', 'api_tokens.organization_id'),
    )
    .select([
      'api_tokens.id',
      'api_tokens.organization_id as organizationId',
      'api_tokens.name',
      'api_tokens.scopes',
      'api_tokens.expires_at as expiresAt',
      'api_tokens.revoked_at as revokedAt',
      'api_tokens.last_used_at as lastUsedAt',
      'api_tokens.created_by as creatorId',
      'user.email as creatorEmail',
      'member.role as creatorRole',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a use unless one was recorded in the last minute (another node may have just done so). */
export async function recordLastUse(db: Db, id: string, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - LAST_USE_PRECISION_MS);
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore)]))
    .execute();
}

export interface ApiTokenEventRow {
  id: string;
  createdAt: Date;
  action: string;
  tokenId: string | null;
  tokenName: string;
  actorName: string | null;
  detail: string;
}

export async function insertEvent(
  db: Db,
  event: {
    organizationId: string;
    tokenId: string;
    tokenName: string;
    action: string;
    actorUserId: string | null;
    actorName: string | null;
    detail: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('api_token_events')
    .values({
      organization_id: event.organizationId,
      token_id: event.tokenId,
      token_name: event.tokenName,
      action: event.action,
      actor_user_id: event.actorUserId,
      actor_name: event.actorName,
      detail: event.detail,
      created_at: event.at,
    })
    .execute();
}

export async function listEvents(db: Db, organizationId: string, limit: number): Promise<ApiTokenEventRow[]> {
  return db
    .selectFrom('api_token_events')
    .leftJoin('user', 'user.id', 'api_token_events.actor_user_id')
    .select((eb) => [
      'api_token_events.id',
      'api_token_events.created_at as createdAt',
      'api_token_events.action',
      'api_token_events.token_id as tokenId',
      'api_token_events.token_name as tokenName',
      eb.fn.coalesce('user.name', 'api_token_events.actor_name').as('actorName'),
      'api_token_events.detail',
    ])
    .where('api_token_events.organization_id', '=', organizationId)
    .orderBy('api_token_events.created_at', 'desc')
    .orderBy('api_token_events.id')
    .limit(limit)
    .execute();
}
