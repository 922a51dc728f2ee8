import type { IncomingMessage } from 'node:http';

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
