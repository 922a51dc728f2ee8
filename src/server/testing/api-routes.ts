import { createTestApp, type TestApp } from './test-app.ts';

/** The API's routes as registered: one entry per method, wildcards filled with a path of their own. */
export function apiRoutes(server: TestApp): Array<{ method: string; url: string }> {
  const seen = new Set<string>();
  const routes = server.routes.flatMap(({ method, url }) =>
    (Array.isArray(method) ? method : [method]).map((one) => ({ method: String(one), url: String(url) })),
  );
  return routes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (!route.url.startsWith('/api') || route.method === 'HEAD' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The route's path with every parameter (and a trailing wildcard) set to `value`. */
export const fillPath = (url: string, value: string) =>
  url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value === '' ? 'x' : value);

/**
 * An app with a queue, listening on a free port, whose rate limits never stop a test that probes every
 * route many times over.
 */
export async function startRouteProbeApp(): Promise<{ server: TestApp; baseUrl: string }> {
  const server = await createTestApp({
    queue: true,
    env: {
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    },
  });
  return { server, baseUrl: await server.app.listen({ port: 0, host: '127.0.0.1' }) };
}
