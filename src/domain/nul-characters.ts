/**
 * The field (dotted path, e.g. `tag.tag_values.0.value`) of the first string holding a NUL character, in a
 * request's params, query or parsed body; undefined when there is none. PostgreSQL cannot store NUL in text,
 * and no field of ours means one: such input is refused as bad, never passed on.
 */
export function fieldWithNulCharacter(value: unknown): string | undefined {
  const problem = requestValueProblem(value);
  return problem?.problem === 'nul-character' ? problem.field : undefined;
}

/** No payload of ours nests deeper than a dozen levels; deeper input is refused, not walked. */
export const MAX_REQUEST_VALUE_DEPTH = 64;

export interface RequestValueProblem {
  /** Dotted path of the value, or `request` for the whole of it. */
  field: string;
  problem: 'nul-character' | 'too-deep';
}

interface Visit {
  value: unknown;
  field: string;
  depth: number;
  key?: string;
}

/**
 * The first string or key holding a NUL character, or the first value nested deeper than `maxDepth`, in
 * document order. Each object is visited once however often it is referred to (a YAML alias shares one
 * value), and the walk keeps its own stack, so the work is linear in the distinct values whatever the shape.
 */
export function requestValueProblem(
  value: unknown,
  maxDepth = MAX_REQUEST_VALUE_DEPTH,
): RequestValueProblem | undefined {
  const visited = new Set<object>();
  const stack: Visit[] = [{ value, field: '', depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const field = next.field || 'request';
    if (next.key?.includes('\u0000')) return { field, problem: 'nul-character' };
    const item = next.value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { field, problem: 'nul-character' };
      continue;
    }
    if (!isWalked(item) || visited.has(item)) continue;
    if (next.depth >= maxDepth) return { field, problem: 'too-deep' };
    visited.add(item);
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      stack.push({
        value: child,
        key,
        field: next.field ? `${next.field}.${key}` : key,
        depth: next.depth + 1,
      });
    }
  }
  return undefined;
}

/** Raw bodies (a signed webhook's bytes) and streams (a multipart upload) are not text fields. */
function isWalked(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !isStream(value);
}

function isStream(value: object): boolean {
  return typeof (value as { pipe?: unknown }).pipe === 'function';
}
