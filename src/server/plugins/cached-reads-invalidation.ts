import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedReads } from '../auth/cached-reads.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may change a session, a membership, a role, a plan, a team's scope or a time zone:
 * every write, and every better-auth endpoint but get-session (verify-email and the OAuth-style callbacks
 * are GETs that sign in or change a user).
 */
function mayChangePermissions(request: FastifyRequest): boolean {
  if (!READ_METHODS.has(request.method)) return true;
  const path = request.url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/auth/') && path !== '/api/auth/get-session';
}

/**
 * On this node, the reads cached for a second (decision 052) are dropped before a write's answer leaves, so
 * the writer's next request — a signed-out session, a new role, plan or scope — is read afresh. Other nodes
 * see it when their entries end, within the second.
 */
export function registerCachedReadsInvalidation(app: FastifyInstance, reads: CachedReads): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayChangePermissions(request)) reads.forgetAll();
    return payload;
  });
}
