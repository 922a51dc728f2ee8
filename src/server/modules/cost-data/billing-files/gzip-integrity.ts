import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BillingFileError } from './billing-file-error.ts';

/**
 * DuckDB reads a gzip file cut short without complaint, as if it ended there: a half-uploaded export
 * would replace a month with part of it. zlib checks the end of the stream (length and CRC-32), so the
 * file is decompressed once more, alongside DuckDB's scan, only to be checked.
 */
export async function verifyGzipIntegrity(file: string): Promise<void> {
  const discard = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), discard);
  } catch (error) {
    throw new BillingFileError(
      `${path.basename(file)} is not a readable gzip file: it is truncated or corrupt.`,
      { file, cause: error },
    );
  }
}
