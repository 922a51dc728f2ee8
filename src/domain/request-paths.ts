/**
 * The path a WHATWG URL parser (fetch's `Request`, and so better-auth) makes of a request's raw target,
 * or undefined when that differs from the raw text: dot segments (also spelt %2e) and backslashes are
 * resolved by the parser, so a rule matched on the raw text would not see the path that is served.
 */
export function canonicalRequestPath(rawTarget: string): string | undefined {
  const rawPath = rawTarget.split(/[?#]/, 1)[0] ?? '';
  if (!rawPath.startsWith('/') || rawPath.startsWith('//')) return undefined;
  let parsed: string;
  try {
    parsed = new URL(rawPath, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return parsed === rawPath ? rawPath : undefined;
}
