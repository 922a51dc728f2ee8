import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Health probes are never limited or shed: an orchestrator must see a busy server as alive. */
export function isHealthProbe(url: string): boolean {
  return url === '/api/health' || url.startsWith('/api/health?');
}

function isShedable(request: FastifyRequest): boolean {
  // Chat sockets stay open for hours: they are not work waiting for an answer.
  if (request.headers.upgrade !== undefined) return false;
  return request.url.startsWith('/api/') && !isHealthProbe(request.url);
}

/**
 * A bound on API requests in flight (docs/decisions/029). Past it, a request is answered 503 with
 * `Retry-After` before any work, so the admitted ones finish in bounded time instead of every one
 * queueing until it times out. Static files and health are outside the bound.
 */
export function registerLoadShedding(app: FastifyInstance, options: { maxInFlight: number }) {
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!isShedable(request)) return done();
    if (inFlight >= options.maxInFlight) {
      reply
        .code(503)
        .header('retry-after', '1')
        .send({ Code: 'ServerBusy', Message: 'The server is busy. Try again in a second.' });
      return;
    }
    inFlight += 1;
    // 'close' fires once the answer is sent or the client went away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
