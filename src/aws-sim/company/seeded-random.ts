/**
 * Deterministic randomness: every number is derived from a string key (an instance id and an hour,
 * a resource and a day), so any slice of the company can be generated alone, in any order, and
 * comes out the same for the same clock.
 */

/** FNV-1a over the key, then a murmur-style finalizer so nearby keys do not give nearby numbers. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A uniform number in [0, 1) fixed by the key. */
export function unitFor(key: string): number {
  return hashKey(key) / 0x100000000;
}

/** A uniform number in [low, high) fixed by the key. */
export function between(key: string, low: number, high: number): number {
  return low + unitFor(key) * (high - low);
}

/** A multiplicative noise factor around 1 (e.g. spread 0.08 gives 0.92..1.08). */
export function jitter(key: string, spread: number): number {
  return 1 + (unitFor(key) * 2 - 1) * spread;
}

/** A lowercase hex string of the given length fixed by the key (for AWS-looking ids). */
export function hexFor(key: string, length: number): string {
  let hex = '';
  for (let round = 0; hex.length < length; round += 1) {
    hex += hashKey(`${key}#${round}`).toString(16).padStart(8, '0');
  }
  return hex.slice(0, length);
}
