import type { FastifyInstance } from 'fastify';

const HEALTH_PATH = '/api/health';

/**
 * A worker node (SPENDGUARD_ROLE=worker) runs jobs and answers its health check only: every other
 * path, the API, the chat socket and the web app alike, is a 404 before any session is read.
 */
export function registerHealthOnly(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === HEALTH_PATH) return;
    return reply.code(404).send({
      Code: 'NotFound',
      Message: `No route ${request.method} ${url}: this node runs jobs only (SPENDGUARD_ROLE=worker).`,
    });
  });
}
