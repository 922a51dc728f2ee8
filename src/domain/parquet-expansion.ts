/** What a Parquet file's footer declares it holds, read before any of its pages. */
export interface ParquetFooterDeclaration {
  rows: number;
  /** Rows times leaf columns: the values a reader decodes. */
  values: number;
  /** The pages' declared size once decompressed. */
  uncompressedBytes: number;
}

/**
 * The bytes a Parquet file counts as expanding to, held to the same limit as a gzip file's expansion: its
 * declared uncompressed pages, or its values at one byte each (the separator each would take in a CSV
 * file), whichever is more. Both count because run-length encoding lets a few kilobytes of pages declare
 * millions of rows.
 */
export function parquetExpandedBytes(declared: ParquetFooterDeclaration): number {
  return Math.max(declared.uncompressedBytes, declared.values, declared.rows);
}
