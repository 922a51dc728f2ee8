import type { TestApp } from './test-app.ts';

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
