import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/** Loads rows in COPY's text format into `target` ('table (column, …)'), as one statement. */
export type CopyRows = (target: string, rows: string) => Promise<void>;
/** Loads a CSV file (PostgreSQL's CSV format, no header) into `target`, as one statement. */
export type CopyCsvFile = (target: string, file: string) => Promise<void>;

interface Copiers {
  rows: CopyRows;
  csvFile: CopyCsvFile;
}

const copiers = new WeakMap<Kysely<DatabaseSchema>, Copiers>();

/** database.ts says how each handle it opens copies: `COPY … FROM STDIN` on a server, PGlite's /dev/blob. */
export function registerCopyRows(db: Kysely<DatabaseSchema>, copy: Copiers): void {
  copiers.set(db, copy);
}

function copiersOf(db: Kysely<DatabaseSchema>): Copiers {
  const copy = copiers.get(db);
  if (!copy)
    throw new Error('copyRows needs a database opened by openPostgres or openPglite (not a transaction)');
  return copy;
}

/**
 * Bulk load through COPY: PostgreSQL parses its text format about twice as fast as the same rows in a
 * JSON parameter (decision 061). `rows` is one line per row, fields escaped with copyField.
 */
export function copyRows(db: Kysely<DatabaseSchema>, target: string, rows: string): Promise<void> {
  return copiersOf(db).rows(target, rows);
}

/**
 * Bulk load of a CSV file another program wrote (DuckDB, decision 129): the rows never pass through
 * JavaScript. The database's side reads the file: the embedded database whole, a server as a stream.
 */
export function copyCsvFile(db: Kysely<DatabaseSchema>, target: string, file: string): Promise<void> {
  return copiersOf(db).csvFile(target, file);
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
