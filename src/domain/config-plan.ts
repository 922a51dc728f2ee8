/**
 * Budgets as code: what applying a configuration document would change, object by object.
 * Both sides are in the document's canonical form (names, not ids), so "unchanged" means equal here.
 */

export type ConfigAction = 'create' | 'update' | 'delete' | 'unchanged';

export interface FieldChange {
  /** The field's path inside the object, e.g. `amount_usd` or `filter.services`. */
  field: string;
  before: unknown;
  after: unknown;
}

export interface ObjectChange<Section extends string = string> {
  section: Section;
  /** The object's key in the document: a budget's or rule's name, a team's slug. */
  name: string;
  action: ConfigAction;
  /** For an update, each field that differs (none for the other actions). */
  changes: FieldChange[];
}

/** JSON with object keys sorted: two values are equal exactly when these strings are. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!isPlainObject(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => compareText(a, b)));
  });
}

export const sameConfigValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The fields that differ, one level into nested objects (`filter.services`); lists compare whole. */
export function fieldChanges(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  if (!isPlainObject(before) || !isPlainObject(after)) {
    return sameConfigValue(before, after) ? [] : [{ field: prefix || '(value)', before, after }];
  }
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.flatMap((key) => {
    const field = prefix ? `${prefix}.${key}` : key;
    const pair = [before[key], after[key]] as const;
    if (sameConfigValue(...pair)) return [];
    if (!prefix && isPlainObject(pair[0]) && isPlainObject(pair[1])) return fieldChanges(...pair, field);
    return [{ field, before: pair[0] ?? null, after: pair[1] ?? null }];
  });
}

/**
 * One section of named objects: a name only in the document is created, only in the organization is
 * deleted, in both is updated (with its changed fields) or unchanged. Sorted by name.
 */
export function diffNamedObjects<Section extends string, T>(
  section: Section,
  current: readonly T[],
  desired: readonly T[],
  nameOf: (item: T) => string,
): ObjectChange<Section>[] {
  const currentByName = new Map(current.map((item) => [nameOf(item), item]));
  const desiredNames = new Set(desired.map(nameOf));
  const kept = desired.map((item): ObjectChange<Section> => {
    const name = nameOf(item);
    const before = currentByName.get(name);
    if (before === undefined) return { section, name, action: 'create', changes: [] };
    const changes = fieldChanges(before, item);
    return { section, name, action: changes.length > 0 ? 'update' : 'unchanged', changes };
  });
  const deleted = current
    .filter((item) => !desiredNames.has(nameOf(item)))
    .map((item): ObjectChange<Section> => ({ section, name: nameOf(item), action: 'delete', changes: [] }));
  return [...kept, ...deleted].sort((a, b) => compareText(a.name, b.name));
}

/** A section that is one object (the organization's notification routes): updated or unchanged. */
export function diffSingleObject<Section extends string>(
  section: Section,
  current: unknown,
  desired: unknown,
): ObjectChange<Section> {
  const changes = fieldChanges(current, desired);
  return { section, name: section, action: changes.length > 0 ? 'update' : 'unchanged', changes };
}

export function countActions(changes: readonly ObjectChange[]): Record<ConfigAction, number> {
  const counts = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const change of changes) counts[change.action] += 1;
  return counts;
}

/** Whether applying these changes writes anything. */
export const changesAnything = (changes: readonly ObjectChange[]) =>
  changes.some((change) => change.action !== 'unchanged');
