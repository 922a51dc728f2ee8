import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/** Loads rows in COPY's text format into `target` ('table (column, …)'), as one statement. */
export type CopyRows = (target: string, rows: string) => Promise<void>;

const copiers = new WeakMap<Kysely<DatabaseSchema>, CopyRows>();

/** database.ts says how each handle it opens copies: `COPY … FROM STDIN` on a server, PGlite's /dev/blob. */
export function registerCopyRows(db: Kysely<DatabaseSchema>, copy: CopyRows): void {
  copiers.set(db, copy);
}

/**
 * Bulk load through COPY: PostgreSQL parses its text format about twice as fast as the same rows in a
 * JSON parameter (decision 061). `rows` is one line per row, fields escaped with copyField.
 */
export function copyRows(db: Kysely<DatabaseSchema>, target: string, rows: string): Promise<void> {
  const copy = copiers.get(db);
  if (!copy)
    throw new Error('copyRows needs a database opened by openPostgres or openPglite (not a transaction)');
  return copy(target, rows);
}

// The characters COPY's text format gives a meaning to: the escape, the field and the row separators.
const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field of COPY's text format: null as \N, the separators and the backslash escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value)
    ? value.replace(SPECIAL_ALL, (character) => ESCAPES[character] ?? character)
    : value;
}
