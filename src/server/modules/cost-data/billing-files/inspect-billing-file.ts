import type { DuckDBConnection } from '@duckdb/node-api';
import { detectBillingFileContainer } from './billing-file-container.ts';
import { classifyBillingFileColumns } from './billing-file-format.ts';
import { type BillingFileSource, describeBillingFileSource } from './billing-file-source.ts';
import type { BillingFileFormat } from './daily-cost-fact.ts';
import { translateDuckDbError } from './duckdb-error-translation.ts';
import { openDuckDbSession } from './duckdb-session.ts';

export interface InspectedBillingFile {
  source: BillingFileSource;
  format: BillingFileFormat;
}

/** Container from the magic bytes, columns from the header or the Parquet schema, format from the columns. */
export async function inspectBillingFile(
  connection: DuckDBConnection,
  file: string,
): Promise<InspectedBillingFile> {
  const container = await detectBillingFileContainer(file);
  try {
    const source = await describeBillingFileSource(connection, file, container);
    return { source, format: classifyBillingFileColumns(source) };
  } catch (error) {
    throw translateDuckDbError(error, file);
  }
}

/** Which billing export a file is and how it is stored, without reading its line items. */
export async function detectBillingFileFormat(file: string) {
  const session = await openDuckDbSession();
  try {
    const { source, format } = await inspectBillingFile(session.connection, file);
    return { format, container: source.container };
  } finally {
    session.close();
  }
}
