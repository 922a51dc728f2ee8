import { describe, expect, it } from 'vitest';
import { parquetExpandedBytes } from './parquet-expansion.ts';

describe('what a Parquet file counts as expanding to', () => {
  it('is its declared uncompressed size when its values are few', () => {
    expect(parquetExpandedBytes({ rows: 10, values: 300, uncompressedBytes: 16_000_000 })).toBe(16_000_000);
  });

  it('is one byte per value when run-length encoding declares millions of rows in a few kilobytes', () => {
    expect(parquetExpandedBytes({ rows: 2_000_000, values: 8_000_000, uncompressedBytes: 3_791 })).toBe(
      8_000_000,
    );
  });

  it('counts the rows of a footer that declares rows without columns', () => {
    expect(parquetExpandedBytes({ rows: 5_000_000, values: 0, uncompressedBytes: 0 })).toBe(5_000_000);
  });
});
