import { open } from 'node:fs/promises';
import path from 'node:path';
import { BillingFileError } from './billing-file-error.ts';
import type { BillingFileContainer } from './daily-cost-fact.ts';

const GZIP_MAGIC = [0x1f, 0x8b];
const PARQUET_MAGIC = [0x50, 0x41, 0x52, 0x31]; // 'PAR1'

/** Tells CSV, gzip-compressed CSV and Parquet apart from the first bytes; an empty file is an error. */
export async function detectBillingFileContainer(filePath: string): Promise<BillingFileContainer> {
  const handle = await openForReading(filePath);
  try {
    const { size } = await handle.stat();
    if (size === 0) {
      throw new BillingFileError(`${path.basename(filePath)} is empty: it holds no line items.`, {
        file: filePath,
      });
    }
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (startsWith(head, PARQUET_MAGIC)) return 'parquet';
    if (startsWith(head, GZIP_MAGIC)) return 'csv.gz';
    return 'csv';
  } finally {
    await handle.close();
  }
}

async function openForReading(filePath: string) {
  try {
    return await open(filePath, 'r');
  } catch (error) {
    throw new BillingFileError(`Cannot open ${filePath}: ${(error as Error).message}`, {
      file: filePath,
      cause: error,
    });
  }
}

function startsWith(bytes: Buffer, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}
