import type { DuckDBConnection } from '@duckdb/node-api';
import { readCsvHeader } from './csv-header.ts';
import type { BillingFileContainer } from './daily-cost-fact.ts';
import { quoteLiteral } from './sql-text.ts';

export interface SourceColumn {
  /** The name DuckDB knows the column by (a repeated header name gets a suffix). */
  name: string;
  /** DuckDB's type: always VARCHAR for CSV, the stored type for Parquet. */
  type: string;
}

/** A billing file as DuckDB sees it: one table expression and its columns. */
export interface BillingFileSource {
  file: string;
  container: BillingFileContainer;
  relation: string;
  columns: SourceColumn[];
  /** Line of the file holding the first line item (2 for a CSV with its header, 1 for Parquet rows). */
  firstLineItemLine: number;
  /** A CSV whose rows may end before the header does: the missing trailing fields read as NULL. */
  nullPadded?: boolean;
}

/** The same CSV, read with rows shorter than the header padded with NULL (see ragged-csv-rows.ts). */
export function withNullPadding(source: BillingFileSource): BillingFileSource {
  return { ...source, relation: csvRelationOf(source, 'null_padding = true'), nullPadded: true };
}

/** The same CSV read strictly, its refused rows kept in DuckDB's `reject_errors` table with their line. */
export function rejectedRowsRelation(source: BillingFileSource): string {
  return csvRelationOf(source, 'ignore_errors = true, store_rejects = true');
}

function csvRelationOf(source: BillingFileSource, options: string): string {
  const names = source.columns.map((column) => column.name);
  return csvRelation(source.file, source.container, names, options);
}

export async function describeBillingFileSource(
  connection: DuckDBConnection,
  file: string,
  container: BillingFileContainer,
): Promise<BillingFileSource> {
  if (container === 'parquet') {
    const relation = `read_parquet(${quoteLiteral(file)})`;
    const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`);
    const columns = described.getRowObjectsJS().map((row) => ({
      name: String(row.column_name),
      type: String(row.column_type),
    }));
    return { file, container, relation, columns, firstLineItemLine: 1 };
  }
  const header = await readCsvHeader(file, container === 'csv.gz');
  const names = withUniqueNames(header);
  return {
    file,
    container,
    relation: csvRelation(file, container, names),
    columns: names.map((name) => ({ name, type: 'VARCHAR' })),
    firstLineItemLine: 2,
  };
}

/**
 * Every column as text, cast later on purpose: a cost that is not a number is then found and reported
 * instead of being read as NULL. FOCUS writes a missing value as the literal NULL.
 */
function csvRelation(file: string, container: BillingFileContainer, names: string[], options = ''): string {
  const columns = names.map((name) => `${quoteLiteral(name)}: 'VARCHAR'`).join(', ');
  return `read_csv(${quoteLiteral(file)}, auto_detect = false, header = true, delim = ',', quote = '"', escape = '"', compression = ${quoteLiteral(container === 'csv.gz' ? 'gzip' : 'none')}, nullstr = ['', 'NULL'],${options ? ` ${options},` : ''} columns = {${columns}})`;
}

/** DuckDB names are case-insensitive: 'resourceTags/user:Name' and '.../user:name' need distinct names. */
function withUniqueNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((name) => {
    const key = name.toLowerCase();
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? name : `${name}__${count + 1}`;
  });
}
