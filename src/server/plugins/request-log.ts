import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream } from 'pino';

/** Query parameters that carry credentials: the chat socket's `token` and `chatToken` (spec §7). */
const SECRET_PARAMETERS = ['token', 'chatToken'];

export function redactSecretParameters(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const parameters = new URLSearchParams(query);
  for (const name of SECRET_PARAMETERS) if (parameters.has(name)) parameters.set(name, 'redacted');
  return `${path}?${parameters.toString()}`;
}

/** How the log shows a request: like Fastify's default, without credentials in the URL. */
export function serializeRequestForLog(request: IncomingMessage & { ip?: string; host?: string }) {
  return {
    method: request.method,
    url: redactSecretParameters(request.url ?? ''),
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
