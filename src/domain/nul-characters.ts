/**
 * The field (dotted path, e.g. `tag.tag_values.0.value`) of the first string holding a NUL character, in a
 * request's params, query or parsed body; undefined when there is none. PostgreSQL cannot store NUL in text,
 * and no field of ours means one: such input is refused as bad, never passed on.
 */
export function fieldWithNulCharacter(value: unknown, field = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field || 'request' : undefined;
  // Raw bodies (a signed webhook's bytes) and streams (a multipart upload) are not text fields.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || isStream(value))
    return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyField = field ? `${field}.${key}` : key;
    if (key.includes('\u0000')) return keyField;
    const found = fieldWithNulCharacter(item, keyField);
    if (found) return found;
  }
  return undefined;
}

function isStream(value: object): boolean {
  return typeof (value as { pipe?: unknown }).pipe === 'function';
}
