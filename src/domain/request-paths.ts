const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Does the path spell a letter, digit or `-._~` as %XX, which routers and URL parsers read as the character? */
function hasEncodedUnreserved(path: string): boolean {
  for (const match of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(Number.parseInt(match[1] ?? '', 16)))) return true;
  }
  return false;
}

/**
 * The path of a request's raw target, or undefined when the code that serves it would read another path:
 * a WHATWG URL parser (fetch's `Request`, and so better-auth) resolves dot segments (also spelt %2e) and
 * backslashes, and the router decodes %61 as `a`. A rule matched on such raw text would not see the path
 * that is served, so such targets are refused rather than cleaned.
 */
export function canonicalRequestPath(rawTarget: string): string | undefined {
  const rawPath = rawTarget.split(/[?#]/, 1)[0] ?? '';
  if (!rawPath.startsWith('/') || rawPath.startsWith('//') || hasEncodedUnreserved(rawPath)) return undefined;
  let parsed: string;
  try {
    parsed = new URL(rawPath, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return parsed === rawPath ? rawPath : undefined;
}
