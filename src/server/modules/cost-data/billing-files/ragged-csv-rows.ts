import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { BillingFileError } from './billing-file-error.ts';
import { requiredSourceColumns } from './billing-file-format.ts';
import { type BillingFileSource, rejectedRowsRelation } from './billing-file-source.ts';
import type { BillingFileFormat } from './daily-cost-fact.ts';
import type { LineItemProjection } from './line-item-projection.ts';

/**
 * Real legacy CUR exports can have a header one column longer than their rows (the trailing column
 * empty). When only trailing columns are missing and every column a line item needs is there, the rows
 * are read null-padded and the run says so; a row that ends before a needed column still fails the file.
 */
export interface ShortRow {
  line: number;
  expected: number;
  found: number;
}

/** The short row DuckDB refused in a strict read, from the error it gave (or the one it caused). */
export function shortRowOf(error: unknown): ShortRow | undefined {
  const messages = [error, (error as { cause?: unknown } | undefined)?.cause].map((value) =>
    value instanceof Error ? value.message : '',
  );
  for (const message of messages) {
    const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
    const line = /CSV Error on Line: (\d+)/.exec(message);
    if (!columns || !line) continue;
    const [expected, found] = [Number(columns[1]), Number(columns[2])];
    if (found < expected) return { line: Number(line[1]), expected, found };
  }
  return undefined;
}

/** The last column a line item needs: the format's required columns and every amount or date read. */
export function lastNeededColumn(
  source: BillingFileSource,
  format: BillingFileFormat,
  projection: LineItemProjection,
): { index: number; name: string } {
  const needed = new Set([
    ...requiredSourceColumns(source, format),
    ...projection.castColumns.map(({ column }) => column.name),
  ]);
  const index = source.columns.findLastIndex((column) => needed.has(column.name));
  return { index, name: source.columns[index]?.name ?? '' };
}

/**
 * Refuses the file when a row ends before a needed column, or is refused for another reason (too many
 * fields, a broken quote), by that row's line: a strict read keeps every refused row with its line and
 * the first column it lacks.
 */
export async function assertOnlyTrailingColumnsMissing(
  connection: DuckDBConnection,
  source: BillingFileSource,
  needed: { index: number; name: string },
): Promise<void> {
  await connection.run(`SELECT count(*) FROM ${rejectedRowsRelation(source)}`);
  const found = await connection.runAndReadAll(
    `SELECT CAST(line AS DOUBLE) AS line, error_type, CAST(column_idx AS DOUBLE) AS column_index
     FROM reject_errors
     WHERE error_type <> 'MISSING COLUMNS' OR column_idx <= ${needed.index}
     ORDER BY line LIMIT 1`,
  );
  const [refused] = found.getRowObjectsJS();
  if (!refused) return;
  const row = Number(refused.line);
  const name = path.basename(source.file);
  if (refused.error_type !== 'MISSING COLUMNS')
    throw new BillingFileError(
      `Line ${row} of ${name} cannot be read: ${String(refused.error_type).toLowerCase()} (a cut or malformed row).`,
      { file: source.file, row },
    );
  const column = source.columns[Number(refused.column_index)]?.name ?? needed.name;
  throw new BillingFileError(
    `Line ${row} of ${name} cannot be read: it ends before column ${column}, which every line item needs (a cut or malformed row).`,
    { file: source.file, row, column },
  );
}

/** The run's note on a file read null-padded (the caller names the file). */
export function describeNullPadding(source: BillingFileSource, short: ShortRow): string {
  const missing = source.columns.slice(short.found).map((column) => column.name);
  const named =
    missing.length > 3
      ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more`
      : missing.join(', ');
  return (
    `The header names ${short.expected} columns but line ${short.line} holds ${short.found}; ` +
    `rows that end early were read with their missing trailing column${missing.length > 1 ? 's' : ''} (${named}) empty. Every cost column is present.`
  );
}
