import type { FastifyInstance } from 'fastify';
import { canonicalRequestPath } from '../../domain/request-paths.ts';
import { badRequest } from './errors.ts';

/**
 * Every rule in front of a route (rate limits, the auth allow-list, the SPA fallback) reads `request.url`;
 * the router and URL parsers read a cleaned path. Refusing targets whose spelling differs from the path
 * served (dot segments, %2e, backslashes, %61 for `a`) makes both the same, before any rule runs.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (canonicalRequestPath(request.url) === undefined) {
      throw badRequest(
        'path: spell the path plainly: no dot segments (/./, %2e), backslashes or %-escaped letters.',
      );
    }
  });
}
