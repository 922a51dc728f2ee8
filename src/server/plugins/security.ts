import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { clientAddressKey } from './client-address.ts';
import { ApiError } from './errors.ts';
import { isHealthProbe } from './load-shedding.ts';

/** Security headers on every answer, and a generous API rate limit per IP that sensitive routes tighten. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { frameSources?: string[]; apiRequestsPerMinute: number },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", ...(options.frameSources ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The embedded scheduling page and Stripe need cross-origin windows to talk back.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.apiRequestsPerMinute,
    // One page load fetches a dozen assets: only the API counts, and never a health probe.
    allowList: (request) => !request.url.startsWith('/api/') || isHealthProbe(request.url),
    timeWindow: '1 minute',
    // Counted per IPv4 address or IPv6 /64 (client-address.ts), for the API-wide limit and each route's own.
    keyGenerator: (request) => clientAddressKey(request.ip),
    // Thrown by the plugin (for the API-wide limit and every route's own): an ApiError reaches the caller
    // as 429 {Code, Message}, whatever the route's response schema.
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        context.statusCode,
        'TooManyRequests',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
}
