import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedReads } from '../auth/cached-reads.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may have changed a session, a membership, a role, a plan, a team's scope or a time
 * zone: an answered better-auth call but get-session (verify-email and the OAuth-style callbacks are GETs
 * that sign in or change a user), or an answered write of a signed-in person. A refused request changed
 * nothing, and an anonymous write elsewhere changes no one's permissions: neither empties the cache, so
 * a stream of them cannot make every signed-in request read the database again.
 */
function mayChangePermissions(request: FastifyRequest, statusCode: number): boolean {
  if (statusCode >= 400) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  if (path.startsWith('/api/auth/')) return path !== '/api/auth/get-session';
  return !READ_METHODS.has(request.method) && request.signedIn;
}

/**
 * On this node, the reads cached for a second (decision 052) are dropped before a write's answer leaves, so
 * the writer's next request — a signed-out session, a new role, plan or scope — is read afresh. Other nodes
 * see it when their entries end, within the second.
 */
export function registerCachedReadsInvalidation(app: FastifyInstance, reads: CachedReads): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (mayChangePermissions(request, reply.statusCode)) reads.forgetAll();
    return payload;
  });
}
