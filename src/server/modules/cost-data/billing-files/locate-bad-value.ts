import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { BillingFileError } from './billing-file-error.ts';
import type { BillingFileSource } from './billing-file-source.ts';
import type { CastColumn } from './source-columns.ts';
import { quoteIdentifier } from './sql-text.ts';

/**
 * After DuckDB refused a cast, finds the first cell that does not read as its type, so the error
 * names the column and the line. Runs only on the failure path: the fast path casts without looking.
 */
export async function locateBadValue(
  connection: DuckDBConnection,
  source: BillingFileSource,
  castColumns: CastColumn[],
  conversionError: unknown,
): Promise<BillingFileError | undefined> {
  for (const { column, castType } of uniqueByColumn(castColumns)) {
    const identifier = quoteIdentifier(column.name);
    const found = await connection.runAndReadAll(
      `SELECT line_item, value FROM (
         SELECT row_number() OVER () AS line_item, ${identifier} AS value FROM ${source.relation}
       ) WHERE value IS NOT NULL AND TRY_CAST(value AS ${castType}) IS NULL
       ORDER BY line_item LIMIT 1`,
    );
    const [bad] = found.getRowObjectsJS();
    if (!bad) continue;
    const row = Number(bad.line_item) + source.firstLineItemLine - 1;
    const expected = castType === 'TIMESTAMPTZ' ? 'a date and time' : 'a number';
    return new BillingFileError(
      `Column ${column.name} on line ${row} of ${path.basename(source.file)} holds ${JSON.stringify(String(bad.value))}, which is not ${expected}.`,
      { file: source.file, column: column.name, row, cause: conversionError },
    );
  }
  return undefined;
}

/** Finds the first line item whose column is empty, for a value every line item must have. */
export async function locateEmptyValue(
  connection: DuckDBConnection,
  source: BillingFileSource,
  column: string,
  requirement: string,
): Promise<BillingFileError> {
  const found = await connection.runAndReadAll(
    `SELECT min(line_item) AS line_item FROM (
       SELECT row_number() OVER () AS line_item, ${quoteIdentifier(column)} AS value FROM ${source.relation}
     ) WHERE value IS NULL OR CAST(value AS VARCHAR) = ''`,
  );
  const lineItem = found.getRowObjectsJS()[0]?.line_item;
  const row =
    lineItem === null || lineItem === undefined ? undefined : Number(lineItem) + source.firstLineItemLine - 1;
  const where = row === undefined ? '' : ` on line ${row}`;
  return new BillingFileError(
    `Column ${column}${where} of ${path.basename(source.file)} is empty: ${requirement}.`,
    { file: source.file, column, row },
  );
}

function uniqueByColumn(castColumns: CastColumn[]): CastColumn[] {
  const seen = new Set<string>();
  return castColumns.filter(({ column }) => !seen.has(column.name) && seen.add(column.name));
}
