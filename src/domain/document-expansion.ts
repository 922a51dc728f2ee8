/**
 * What a parsed document (YAML aliases share one value wherever they are referred to) would be written out
 * in full: `circular` when a value contains itself, `too-large` when it holds more than `maxValues` values
 * counting every reference as a copy. The walk stops at the limit, so its work is bounded by `maxValues`
 * whatever the document; a value nested deeper than `maxDepth` counts as too large.
 */
export function documentExpansionProblem(
  value: unknown,
  limits: { maxValues: number; maxDepth: number },
): 'circular' | 'too-large' | undefined {
  let counted = 0;
  const inside = new Set<object>();
  function walk(item: unknown, depth: number): 'circular' | 'too-large' | undefined {
    counted += 1;
    if (counted > limits.maxValues || depth > limits.maxDepth) return 'too-large';
    if (typeof item !== 'object' || item === null) return undefined;
    if (inside.has(item)) return 'circular';
    inside.add(item);
    for (const child of Object.values(item)) {
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    inside.delete(item);
    return undefined;
  }
  return walk(value, 0);
}
