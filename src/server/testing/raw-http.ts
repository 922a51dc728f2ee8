import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): Record<string, unknown>;
}

/**
 * One HTTP request whose target goes on the wire exactly as written (`/./`, `%2e`, `%00` included):
 * `app.inject()` and fetch parse the URL first and would clean the path before the server saw it.
 */
export function rawRequest(
  baseUrl: string,
  request: { method?: string; target: string; headers?: Record<string, string>; body?: unknown },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        hostname,
        port,
        agent: false,
        method: request.method ?? 'GET',
        path: request.target,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...request.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            json: () => JSON.parse(text) as Record<string, unknown>,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
