import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Health probes are never limited or shed: an orchestrator must see a busy server as alive. */
export function isHealthProbe(url: string): boolean {
  return url === '/api/health' || url.startsWith('/api/health?');
}

/** The routes served as WebSockets (`websocket: true`): the live chat. */
const SOCKET_ROUTES = new Set(['/api/chat']);

export function isShedable(
  request: Pick<FastifyRequest, 'headers' | 'url'> & { routeOptions: { url?: string } },
): boolean {
  // Chat sockets stay open for hours: they are not work waiting for an answer. Only a socket route's
  // upgrade is one; an Upgrade header on any other request changes nothing.
  if (
    request.headers.upgrade?.toLowerCase() === 'websocket' &&
    SOCKET_ROUTES.has(request.routeOptions.url ?? '')
  )
    return false;
  return request.url.startsWith('/api/') && !isHealthProbe(request.url);
}

/** Requests that may wait for a slot, per slot: one page load's burst waits instead of failing. */
export const WAITING_PER_SLOT = 4;

/**
 * A bound on API requests in flight (docs/decisions/029). Past it a request waits in a short FIFO
 * queue (WAITING_PER_SLOT per slot); past that it is answered 503 with `Retry-After` before its handler,
 * so the admitted ones finish in bounded time instead of every one queueing until it times out.
 * Static files and health are outside the bound.
 */
export function registerLoadShedding(app: FastifyInstance, options: { maxInFlight: number }) {
  const maxWaiting = options.maxInFlight * WAITING_PER_SLOT;
  const waiting: Array<() => void> = [];
  let inFlight = 0;

  function release() {
    inFlight -= 1;
    waiting.shift()?.();
  }
  function admit(reply: FastifyReply, done: () => void) {
    inFlight += 1;
    // 'close' fires once the answer is sent or the client went away, whichever comes first.
    reply.raw.once('close', release);
    done();
  }

  // Taken once the body is in (preValidation): a client that sends its body slowly, or never, holds a
  // socket but no slot, so idle bodies cannot fill the bound and turn everyone else away. A file upload's
  // body is streamed by its handler, so it holds a slot while it streams, as any work does.
  app.addHook('preValidation', (request, reply, done) => {
    if (!isShedable(request)) return done();
    if (inFlight < options.maxInFlight) return admit(reply, done);
    if (waiting.length >= maxWaiting) {
      reply
        .code(503)
        .header('retry-after', '1')
        .send({ Code: 'ServerBusy', Message: 'The server is busy. Try again in a second.' });
      return;
    }
    const start = () => {
      reply.raw.off('close', abandon);
      admit(reply, done);
    };
    const abandon = () => {
      const index = waiting.indexOf(start);
      if (index >= 0) waiting.splice(index, 1);
    };
    reply.raw.once('close', abandon);
    waiting.push(start);
  });
}
