/**
 * Where in a configuration document something is wrong, written the way a person finds it in
 * the file: `budgets[2].amount_usd`.
 */

export type DocumentPath = ReadonlyArray<PropertyKey>;

export function documentPath(path: DocumentPath): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text || 'document';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The keys of the written document that its parsed form left out: a schema that strips unknown keys
 * would otherwise ignore a typo (`amount` for `amount_usd`) without a word.
 */
export function keysLeftOut(written: unknown, parsed: unknown, at: DocumentPath = []): DocumentPath[] {
  if (Array.isArray(written) && Array.isArray(parsed)) {
    return written.flatMap((item, index) => keysLeftOut(item, parsed[index], [...at, index]));
  }
  if (!isPlainObject(written) || !isPlainObject(parsed)) return [];
  return Object.entries(written).flatMap(([key, value]) =>
    key in parsed ? keysLeftOut(value, parsed[key], [...at, key]) : [[...at, key]],
  );
}

/** The first name used twice: where it is again, and where it was first. */
export function firstRepeatedName(names: readonly string[]): { index: number; firstIndex: number } | null {
  const seen = new Map<string, number>();
  for (const [index, name] of names.entries()) {
    const firstIndex = seen.get(name);
    if (firstIndex !== undefined) return { index, firstIndex };
    seen.set(name, index);
  }
  return null;
}
