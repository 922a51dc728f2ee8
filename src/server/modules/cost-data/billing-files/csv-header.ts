import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { BillingFileError } from './billing-file-error.ts';

const MAX_HEADER_BYTES = 1024 * 1024;

/**
 * The column names of a CSV billing file, read by us rather than DuckDB's sniffer: with the columns
 * given explicitly DuckDB reports a malformed row by its line number instead of a sniffing failure.
 */
export async function readCsvHeader(filePath: string, gzipped: boolean): Promise<string[]> {
  const firstLine = await readFirstLine(filePath, gzipped);
  const names = splitCsvRecord(firstLine.replace(/^\uFEFF/, '').replace(/\r$/, ''));
  if (names.every((name) => name.trim() === '')) {
    throw new BillingFileError(`${path.basename(filePath)} is empty: it has no header row.`, {
      file: filePath,
    });
  }
  return names;
}

async function readFirstLine(filePath: string, gzipped: boolean): Promise<string> {
  const raw = createReadStream(filePath);
  const stream: Readable = gzipped ? raw.pipe(createGunzip()) : raw;
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of stream) {
      text += decoder.decode(chunk as Buffer, { stream: true });
      const newline = text.indexOf('\n');
      if (newline >= 0) return text.slice(0, newline);
      if (text.length > MAX_HEADER_BYTES) break;
    }
    return text;
  } catch (error) {
    throw new BillingFileError(
      `${path.basename(filePath)} is not a readable gzip file: it is truncated or corrupt.`,
      { file: filePath, cause: error },
    );
  } finally {
    raw.destroy();
    stream.destroy();
  }
}

/** Splits one CSV record with RFC 4180 quoting ("" inside quotes is a quote). */
function splitCsvRecord(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
