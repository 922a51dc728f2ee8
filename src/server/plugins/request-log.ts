import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream } from 'pino';
import { redactUrlSecrets } from '../../domain/url-redaction.ts';

/** What the serializer receives: Fastify's request (routed, so its route pattern is known) or a bare one. */
type LoggedRequest = IncomingMessage & { ip?: string; host?: string; routeOptions?: { url?: string } };

/** How the log shows a request: like Fastify's default, with every secret-named part of the URL redacted. */
export function serializeRequestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url ?? '', request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's log: requests as `serializeRequestForLog` shows them. No header is ever written, so neither
 * a session nor an API token (`Authorization`) reaches the log.
 */
export function createServerLog(level: string, destination?: DestinationStream) {
  return pino({ level, serializers: { req: serializeRequestForLog } }, destination);
}
