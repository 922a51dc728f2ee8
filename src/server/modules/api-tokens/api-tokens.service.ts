import type { Kysely } from 'kysely';
import type {
  ApiTokenEvent,
  ApiTokenView,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../../contracts/api-tokens.ts';
import {
  apiTokenStatus,
  expiryOf,
  formatScopes,
  lastUseIsStale,
  parseScopes,
  type TokenRouteRefusal,
} from '../../../domain/api-token-scopes.ts';
import { isoDayOfInstant } from '../../../domain/calendar-days.ts';
import { formatDayWithYear } from '../../../domain/calendar-labels.ts';
import { managesOrganization } from '../../../domain/organization-roles.ts';
import { FixedWindowLimiter } from '../../auth/fixed-window-limiter.ts';
import type { Viewer, ViewerLookup } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { requireManager } from '../organizations/organization-access.ts';
import { hashApiTokenSecret, hintOf, newApiTokenSecret } from './api-token-secrets.ts';
import {
  type ApiTokenRow,
  findApiToken,
  findCredential,
  insertApiToken,
  insertEvent,
  listApiTokens,
  listEvents,
  markRevoked,
  recordLastUse,
} from './api-tokens.repository.ts';

const AUDIT_LOG_LENGTH = 200;

function toView(row: ApiTokenRow, now: Date): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    hint: hintOf(row.lastFour),
    status: apiTokenStatus(row, now),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const scopeList = (scopes: string) => parseScopes(scopes).join(', ');

/** Tokens are for people: a token cannot make or revoke tokens (its routes refuse tokens anyway). */
function requireTokenManager(viewer: Viewer, action: string): void {
  if (viewer.apiToken) throw forbidden(`An API token cannot ${action}.`);
  requireManager(viewer, action);
}

/** Organization API tokens (decision 056): made and revoked by owners and admins, checked per request. */
export function createApiTokensService(
  db: Kysely<DatabaseSchema>,
  options: { requestsPerMinute: number; now: () => Date },
) {
  const { now } = options;
  const limiter = new FixedWindowLimiter(options.requestsPerMinute, 60_000, () => now().getTime());

  async function viewOf(organizationId: string, id: string, at: Date): Promise<ApiTokenView> {
    const row = await findApiToken(db, organizationId, id);
    if (!row) throw notFound('The API token');
    return toView(row, at);
  }

  return {
    async list(viewer: Viewer): Promise<ApiTokenView[]> {
      requireTokenManager(viewer, 'list API tokens');
      const at = now();
      return (await listApiTokens(db, viewer.organizationId)).map((row) => toView(row, at));
    },

    async create(viewer: Viewer, input: CreateApiTokenInput): Promise<CreatedApiToken> {
      requireTokenManager(viewer, 'create API tokens');
      const secret = newApiTokenSecret();
      const createdAt = now();
      const expiresAt = expiryOf(createdAt, input.expires_in_days);
      const scopes = formatScopes(input.scopes);
      const id = await db.transaction().execute(async (trx) => {
        const tokenId = await insertApiToken(trx, {
          organizationId: viewer.organizationId,
          name: input.name,
          tokenHash: hashApiTokenSecret(secret),
          lastFour: secret.slice(-4),
          scopes,
          createdBy: viewer.userId,
          createdAt,
          expiresAt,
        });
        const expiry = expiresAt
          ? `expires ${formatDayWithYear(isoDayOfInstant(expiresAt))} (UTC)`
          : 'never expires';
        await insertEvent(trx, {
          organizationId: viewer.organizationId,
          tokenId,
          tokenName: input.name,
          action: 'created',
          actorUserId: viewer.userId,
          actorName: viewer.name,
          detail: `Scopes ${scopeList(scopes)}; ${expiry}.`,
          at: createdAt,
        });
        return tokenId;
      });
      return { api_token: await viewOf(viewer.organizationId, id, createdAt), secret };
    },

    /** Revoking twice is the same as once; the first revocation alone is logged. */
    async revoke(viewer: Viewer, id: string): Promise<ApiTokenView> {
      requireTokenManager(viewer, 'revoke API tokens');
      const at = now();
      const token = await viewOf(viewer.organizationId, id, at);
      await db.transaction().execute(async (trx) => {
        if (!(await markRevoked(trx, id, viewer.userId, at))) return;
        await insertEvent(trx, {
          organizationId: viewer.organizationId,
          tokenId: id,
          tokenName: token.name,
          action: 'revoked',
          actorUserId: viewer.userId,
          actorName: viewer.name,
          detail: 'Revoked: it answers 401 from now on.',
          at,
        });
      });
      return viewOf(viewer.organizationId, id, at);
    },

    async auditLog(viewer: Viewer): Promise<ApiTokenEvent[]> {
      if (viewer.apiToken || viewer.organizationRole !== 'owner') {
        throw forbidden('Only owners can read the API token audit log.');
      }
      const rows = await listEvents(db, viewer.organizationId, AUDIT_LOG_LENGTH);
      return rows.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        action: row.action as ApiTokenEvent['action'],
        token_id: row.tokenId,
        token_name: row.tokenName,
        actor: row.actorName,
        detail: row.detail,
      }));
    },

    /**
     * Who a presented `sg_…` secret is: read from the database on every request, so a revocation or an
     * expiry holds at once on every node. Rate-limited per token before the read.
     */
    async resolve(secret: string): Promise<ViewerLookup> {
      const tokenHash = hashApiTokenSecret(secret);
      const limit = limiter.hit(tokenHash);
      if (!limit.allowed) {
        throw new ApiError(
          429,
          'TooManyRequests',
          `This API token made more than ${options.requestsPerMinute} requests this minute; wait ${limit.retryAfterSeconds} s.`,
          { 'retry-after': String(limit.retryAfterSeconds) },
        );
      }
      const credential = await findCredential(db, tokenHash);
      if (!credential) return { status: 'signed-out', message: 'The API token is not valid.' };
      const at = now();
      const status = apiTokenStatus(credential, at);
      // A known token refused is kept in the audit log: a revoked or expired secret still in use is a leak.
      const refuse = async (message: string): Promise<ViewerLookup> => {
        await insertEvent(db, {
          organizationId: credential.organizationId,
          tokenId: credential.id,
          tokenName: credential.name,
          action: 'use-refused',
          actorUserId: null,
          actorName: null,
          detail: `${message} Refused with 401.`,
          at,
        });
        return { status: 'signed-out', message };
      };
      if (status !== 'active')
        return refuse(`The API token ${status === 'revoked' ? 'has been revoked' : 'has expired'}.`);
      if (!credential.creatorId || !credential.creatorRole || !managesOrganization(credential.creatorRole))
        return refuse(
          'The person who created this API token is no longer an owner or admin of the organization.',
        );
      if (lastUseIsStale(credential.lastUsedAt, at)) await recordLastUse(db, credential.id, at);
      const scopes = parseScopes(credential.scopes);
      return {
        status: 'signed-in',
        viewer: {
          userId: credential.creatorId,
          email: credential.creatorEmail ?? '',
          name: `API token ${credential.name}`,
          emailVerified: true,
          organizationId: credential.organizationId,
          // Acts as the organization at admin level, within its scopes (decision 056).
          organizationRole: 'admin',
          isDemo: false,
          platformRole: null,
          sessionId: `api-token:${credential.id}`,
          apiToken: { id: credential.id, name: credential.name, scopes },
        },
      };
    },

    async recordRefusal(viewer: Viewer, refusal: TokenRouteRefusal, route: string): Promise<void> {
      if (!viewer.apiToken) return;
      const needs = refusal.code === 'MissingScope' ? `needs ${refusal.scope}` : 'is not in the token API';
      await insertEvent(db, {
        organizationId: viewer.organizationId,
        tokenId: viewer.apiToken.id,
        tokenName: viewer.apiToken.name,
        action: refusal.code === 'MissingScope' ? 'scope-denied' : 'route-refused',
        actorUserId: null,
        actorName: null,
        detail: `${route} ${needs}; refused with 403.`,
        at: now(),
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
