/**
 * A query parameter or path parameter whose name says it carries a credential: an operator key, a session,
 * chat, reset or verification token, an invitation or OAuth code and state, a signature, a password.
 */
export const SECRET_NAME = /key|token|secret|code|signature|password|state|invitation/i;

/**
 * Paths served by a wildcard route (better-auth's `/api/auth/*`), whose parameters the route table cannot
 * name: the mailed reset link carries the token as its last segment.
 */
export const SECRET_PATHS_UNDER_WILDCARDS = ['/api/auth/reset-password/:token'];

export const REDACTED = 'redacted';

/**
 * The URL as a log may show it: every query parameter named like a secret, and every path segment that
 * `routePattern` (the route that served the request, e.g. `/api/alert-links/:kind/:token`) or one of
 * `SECRET_PATHS_UNDER_WILDCARDS` names like a secret, replaced by `redacted`.
 */
export function redactUrlSecrets(url: string, routePattern?: string): string {
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/');
  for (const pattern of [routePattern, ...SECRET_PATHS_UNDER_WILDCARDS]) {
    if (pattern) redactSegments(segments, pattern.split('/'));
  }
  const redactedPath = segments.join('/');
  if (query === undefined) return redactedPath;
  const parameters = new URLSearchParams(query);
  for (const name of new Set(parameters.keys())) {
    if (SECRET_NAME.test(name)) parameters.set(name, REDACTED);
  }
  return `${redactedPath}?${parameters.toString()}`;
}

/** Redacts in place the segments `pattern` names like a secret, when the path has the pattern's shape. */
function redactSegments(segments: string[], pattern: string[]): void {
  if (pattern.length !== segments.length) return;
  const matches = pattern.every(
    (part, index) => part.startsWith(':') || part === '*' || part === segments[index],
  );
  if (!matches) return;
  pattern.forEach((part, index) => {
    if (part.startsWith(':') && SECRET_NAME.test(part.slice(1))) segments[index] = REDACTED;
  });
}

/**
 * A page of the web app as analytics may keep it: the path segments one of `secretPages` (e.g.
 * `/actions/confirm/:token`) names like a secret, and every query parameter named like one, redacted.
 * A query without any is kept as it came.
 */
export function redactPageSecrets(
  page: { path: string; query: string },
  secretPages: readonly string[],
): { path: string; query: string } {
  const [path = '', inlineQuery] = page.path.split('?', 2);
  const segments = path.split('/');
  for (const pattern of secretPages) redactSegments(segments, pattern.split('/'));
  const redactQuery = (query: string) => {
    const parameters = new URLSearchParams(query);
    const secret = [...new Set(parameters.keys())].filter((name) => SECRET_NAME.test(name));
    if (secret.length === 0) return query;
    for (const name of secret) parameters.set(name, REDACTED);
    return `${query.startsWith('?') ? '?' : ''}${parameters.toString()}`;
  };
  const redactedPath = segments.join('/') + (inlineQuery === undefined ? '' : `?${redactQuery(inlineQuery)}`);
  return { path: redactedPath, query: redactQuery(page.query) };
}
