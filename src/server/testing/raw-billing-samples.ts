import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real public samples (test/fixtures, with their sources and licences in its SOURCES.md), and a way
// to add their rows up that does not use DuckDB.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES_DIR = path.join(repoRoot, 'test/fixtures');
export const FOCUS_SAMPLE = path.join(FIXTURES_DIR, 'focus_sample.csv');
export const CUR_SAMPLE = path.join(FIXTURES_DIR, 'sample-anonymous-aws-export-dataset.csv');
/** A FOCUS file of two clouds: the FOCUS sample's 60 largest AWS rows and all 51 Microsoft ones. */
export const FOCUS_AWS_AZURE_SAMPLE = path.join(FIXTURES_DIR, 'focus_aws_azure_sample.csv');

/** RFC 4180: quoted fields may hold commas, doubled quotes and newlines. */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') endField();
    else if (!quoted && char === '\n') endRecord();
    else if (!quoted && char === '\r') continue;
    else field += char;
  }
  if (field !== '' || record.length > 0) endRecord();
  const [header = [], ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

export const SCALE = 12;
/** Exact decimal text ('0.0000008', '1.81E-8', 'NULL') as an integer count of 1e-12. */
export function picoUnits(text: string): bigint {
  if (text === '' || text === 'NULL') return 0n;
  const [mantissa = '0', exponentText = '0'] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace(/^[-+]/, '').split('.');
  const shift = SCALE + Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  const scaled = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return negative ? -scaled : scaled;
}
export const ONE_MICRO_DOLLAR = 10n ** BigInt(SCALE - 6);

export function sumBy<T>(
  items: T[],
  key: (item: T) => string,
  amount: (item: T) => bigint,
): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0n) + amount(item));
  return sums;
}
