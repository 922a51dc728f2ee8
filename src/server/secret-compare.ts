import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret equals the expected one, in time that does not depend on where they differ.
 * Compared as bytes: text of the same length in characters may differ in bytes (é is two), which
 * `timingSafeEqual` refuses with an error rather than an answer.
 */
export function sameSecret(presented: string | Buffer, expected: string | Buffer): boolean {
  const given = typeof presented === 'string' ? Buffer.from(presented) : presented;
  const wanted = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
