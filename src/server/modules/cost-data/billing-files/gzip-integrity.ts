import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BillingFileError } from './billing-file-error.ts';

class ExpansionLimitReached extends Error {}

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
/** A byte count as a person reads it: `64 MiB`, `4 GiB`. */
export const sizeOf = (bytes: number) =>
  bytes >= GIB ? `${Number((bytes / GIB).toFixed(2))} GiB` : `${Number((bytes / MIB).toFixed(1))} MiB`;

/**
 * DuckDB reads a gzip file cut short without complaint, as if it ended there: a half-uploaded export
 * would replace a month with part of it. zlib checks the end of the stream (length and CRC-32), so the
 * file is decompressed once more, alongside DuckDB's scan, only to be checked. The bytes it expands to
 * are counted: past maxExpandedBytes the file is refused (a few MB of gzip can expand to terabytes).
 */
export async function verifyGzipIntegrity(
  file: string,
  maxExpandedBytes = Number.POSITIVE_INFINITY,
): Promise<void> {
  let expanded = 0;
  const discard = new Writable({
    write(chunk: Buffer, _encoding, done) {
      expanded += chunk.length;
      done(expanded > maxExpandedBytes ? new ExpansionLimitReached() : undefined);
    },
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), discard);
  } catch (error) {
    const name = path.basename(file);
    if (error instanceof ExpansionLimitReached)
      throw new BillingFileError(
        `${name} expands to more than ${sizeOf(maxExpandedBytes)} when decompressed, the most this server ` +
          'reads from one gzip file (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.',
        { file, cause: error },
      );
    throw new BillingFileError(`${name} is not a readable gzip file: it is truncated or corrupt.`, {
      file,
      cause: error,
    });
  }
}
