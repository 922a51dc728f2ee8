import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { type ParquetFooterDeclaration, parquetExpandedBytes } from '../../../../domain/parquet-expansion.ts';
import { BillingFileError } from './billing-file-error.ts';
import { translateDuckDbError } from './duckdb-error-translation.ts';
import { sizeOf } from './gzip-integrity.ts';
import { quoteLiteral } from './sql-text.ts';

/** Rows, values and uncompressed bytes as the file's footer declares them; no page is read. */
export async function readParquetFooter(
  connection: DuckDBConnection,
  file: string,
): Promise<ParquetFooterDeclaration> {
  try {
    const files = await connection.runAndReadAll(
      `SELECT CAST(sum(num_rows) AS DOUBLE) AS rows FROM parquet_file_metadata(${quoteLiteral(file)})`,
    );
    const chunks = await connection.runAndReadAll(
      `SELECT CAST(sum(row_group_num_rows) AS DOUBLE) AS "values",
              CAST(sum(total_uncompressed_size) AS DOUBLE) AS bytes
       FROM parquet_metadata(${quoteLiteral(file)})`,
    );
    const chunk = chunks.getRowObjectsJS()[0];
    return {
      rows: Number(files.getRowObjectsJS()[0]?.rows ?? 0),
      values: Number(chunk?.values ?? 0),
      uncompressedBytes: Number(chunk?.bytes ?? 0),
    };
  } catch (error) {
    throw translateDuckDbError(error, file);
  }
}

/**
 * A Parquet file whose footer declares more than maxExpandedBytes once read is refused before DuckDB
 * reads a page, as a gzip file that expands past it is (`parquetExpandedBytes`).
 */
export function assertParquetWithinExpansionLimit(
  file: string,
  declared: ParquetFooterDeclaration,
  maxExpandedBytes = Number.POSITIVE_INFINITY,
): void {
  if (parquetExpandedBytes(declared) <= maxExpandedBytes) return;
  const rows = declared.rows.toLocaleString('en-US');
  throw new BillingFileError(
    `${path.basename(file)} declares ${rows} rows (${sizeOf(parquetExpandedBytes(declared))} when read), ` +
      `more than ${sizeOf(maxExpandedBytes)}, the most this server reads from one billing file ` +
      '(UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.',
    { file },
  );
}
