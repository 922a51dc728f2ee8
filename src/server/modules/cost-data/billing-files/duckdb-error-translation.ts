import path from 'node:path';
import { BillingFileError } from './billing-file-error.ts';

/** The first line of a DuckDB error: its kind and what happened, without the hints and settings dump. */
export function duckDbReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() ?? message;
}

/**
 * Turns what DuckDB says about a broken file into a BillingFileError a person can act on. Conversion
 * errors are not handled here: finding the row needs a query (see locate-bad-value.ts).
 */
export function translateDuckDbError(error: unknown, file: string): BillingFileError {
  if (error instanceof BillingFileError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const name = path.basename(file);
  const csvLine = /CSV Error on Line: (\d+)/.exec(message);
  if (csvLine) {
    const row = Number(csvLine[1]);
    return new BillingFileError(`Line ${row} of ${name} cannot be read: ${csvProblem(message)}`, {
      file,
      row,
      cause: error,
    });
  }
  if (/gzip|decompress|inflate/i.test(message)) {
    return new BillingFileError(`${name} is not a readable gzip file: it is truncated or corrupt.`, {
      file,
      cause: error,
    });
  }
  if (/parquet|magic bytes|thrift|footer/i.test(message)) {
    return new BillingFileError(`${name} is not a readable Parquet file: it is truncated or corrupt.`, {
      file,
      cause: error,
    });
  }
  if (isOutOfMemory(error)) return outOfMemory(error, name, file);
  return new BillingFileError(`${name} could not be read: ${duckDbReason(error)}`, { file, cause: error });
}

export function isOutOfMemory(error: unknown): boolean {
  return /Out of Memory/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * DuckDB spills to DUCKDB_TEMP_DIRECTORY beyond DUCKDB_MEMORY_LIMIT; what cannot spill, or a spill that
 * finds no room, fails the file with the setting the operator can change.
 */
function outOfMemory(error: unknown, name: string, file: string): BillingFileError {
  const reason = duckDbReason(error);
  const remedy = /temp|disk|offload/i.test(reason)
    ? 'free disk space in DUCKDB_TEMP_DIRECTORY (or point it at a larger disk), or raise DUCKDB_MEMORY_LIMIT'
    : 'raise the server setting DUCKDB_MEMORY_LIMIT';
  return new BillingFileError(
    `${name} needs more memory than DuckDB is allowed: ${remedy}, then upload it again (a sync retries on its own). DuckDB said: ${reason}`,
    { file, cause: error },
  );
}

function csvProblem(message: string): string {
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  if (columns) return `expected ${columns[1]} columns, found ${columns[2]} (a cut or malformed row).`;
  if (/unicode|utf-8/i.test(message)) return 'it is not UTF-8 text.';
  if (/unterminated quote/i.test(message)) return 'a quoted value is never closed (the file may be cut).';
  const detail = message.split('\n')[1]?.trim();
  return detail ? `${detail}.` : 'it is not valid CSV.';
}
