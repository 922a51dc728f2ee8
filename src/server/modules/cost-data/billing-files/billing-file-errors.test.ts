import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_CATALOG_FILE } from '../../../../catalog/ec2-instance-catalog.ts';
import { BillingFileError } from './billing-file-error.ts';
import { writeCur2TestFile } from './cur2-test-files.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

const HEADER =
  'lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UnblendedCost';
const line = (cost: string, start = '2023-11-03T05:00:00Z') => `222,Usage,${start},AmazonEC2,${cost}`;

let directory: string;
const fileWith = (name: string, content: string | Buffer) => {
  const file = path.join(directory, name);
  writeFileSync(file, content);
  return file;
};

async function readError(file: string): Promise<BillingFileError> {
  try {
    for await (const _batch of readDailyCostFacts(file)) {
      // the error comes before the first batch
    }
  } catch (error) {
    expect(error).toBeInstanceOf(BillingFileError);
    const billingFileError = error as BillingFileError;
    expect(billingFileError.file).toBe(file);
    // A person reads this message: no DuckDB hints, settings dump or SQL excerpt.
    expect(billingFileError.message).not.toMatch(/LINE \d|Possible (Solution|fixes)|\n/);
    return billingFileError;
  }
  throw new Error(`${file} was read without an error`);
}

describe('a billing file that cannot be read', () => {
  let ownTemporaryFolder: string;
  const previousTmpdir = process.env.TMPDIR;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'billing-file-errors-'));
    // DuckDB's spill folders go under os.tmpdir(): a private one shows what the failures leave behind.
    ownTemporaryFolder = await mkdtemp(path.join(os.tmpdir(), 'billing-file-errors-tmp-'));
    process.env.TMPDIR = ownTemporaryFolder;
  });
  afterAll(async () => {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    await rm(directory, { recursive: true, force: true });
    await rm(ownTemporaryFolder, { recursive: true, force: true });
  });

  it('is refused when it is not a billing export, naming the columns it lacks', async () => {
    const error = await readError(INSTANCE_CATALOG_FILE);
    expect(error.message).toMatch(/is not a billing export/);
    expect(error.message).toMatch(/lineItem\/UnblendedCost/);
    expect(error.message).toMatch(/BilledCost/);
  });

  it('names the required column a CUR lacks, in the spelling of the file', async () => {
    const file = fileWith(
      'no-cost.csv',
      `${HEADER.replace(',lineItem/UnblendedCost', '')}\n222,Usage,2023-11-03T05:00:00Z,AmazonEC2\n`,
    );
    const error = await readError(file);
    expect(error.message).toMatch(
      /looks like an AWS Cost and Usage Report but lacks required column: lineItem\/UnblendedCost/,
    );
    expect(error.column).toBe('lineItem/UnblendedCost');
  });

  it('names the required columns a FOCUS export lacks', async () => {
    const file = fileWith(
      'focus.csv',
      'BilledCost,ChargePeriodStart,BillingCurrency,ChargeCategory,ServiceName\n1,2024-09-01,USD,Usage,S3\n',
    );
    const error = await readError(file);
    expect(error.message).toMatch(/looks like a FOCUS export but lacks required column: EffectiveCost/);
  });

  it('reports a cost that is not a number with its column and line', async () => {
    const file = fileWith(
      'bad-cost.csv',
      [HEADER, line('0.5'), line('1.5E-3'), line('twelve'), line('2')].join('\n'),
    );
    const error = await readError(file);
    expect(error).toMatchObject({ column: 'lineItem/UnblendedCost', row: 4 });
    expect(error.message).toMatch(
      /Column lineItem\/UnblendedCost on line 4 of bad-cost.csv holds "twelve", which is not a number/,
    );
  });

  it('reports a usage start that is not a date with its column and line', async () => {
    const file = fileWith('bad-date.csv', [HEADER, line('0.5'), line('0.5', 'yesterday')].join('\n'));
    const error = await readError(file);
    expect(error).toMatchObject({ column: 'lineItem/UsageStartDate', row: 3 });
  });

  it('reports a line item without a usage start by its line', async () => {
    const file = fileWith('no-start.csv', [HEADER, line('0.5'), line('0.5', '')].join('\n'));
    const error = await readError(file);
    expect(error).toMatchObject({ column: 'lineItem/UsageStartDate', row: 3 });
    expect(error.message).toMatch(/Column lineItem\/UsageStartDate on line 3 of no-start.csv is empty/);
  });

  it('reports a row with missing fields by its line', async () => {
    const file = fileWith('cut-row.csv', [HEADER, line('0.5'), '222,Usage,2023-11-03T05:00:00Z'].join('\n'));
    const error = await readError(file);
    expect(error.row).toBe(3);
    expect(error.message).toMatch(/Line 3 of cut-row.csv cannot be read: expected 5 columns, found 3/);
  });

  it('refuses a Parquet file cut in half as truncated', async () => {
    const whole = path.join(directory, 'whole.parquet');
    await writeCur2TestFile(whole, [{ type: 'Usage', usageType: 'BoxUsage', unblended: '1' }], 'parquet');
    const bytes = readFileSync(whole);
    const file = fileWith('half.parquet', bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await readError(file);
    expect(error.message).toBe('half.parquet is not a readable Parquet file: it is truncated or corrupt.');
  });

  it('refuses an empty file and a CSV with a header but no line items', async () => {
    expect((await readError(fileWith('empty.csv', ''))).message).toBe(
      'empty.csv is empty: it holds no line items.',
    );
    expect((await readError(fileWith('header-only.csv', `${HEADER}\n`))).message).toBe(
      'header-only.csv holds no line items.',
    );
  });

  it('refuses a corrupt gzip file and a gzip file cut short', async () => {
    const garbage = Buffer.concat([gzipSync('x').subarray(0, 10), Buffer.from('not deflate data at all')]);
    expect((await readError(fileWith('corrupt.csv.gz', garbage))).message).toBe(
      'corrupt.csv.gz is not a readable gzip file: it is truncated or corrupt.',
    );
    const rows = Array.from({ length: 20_000 }, (_, index) => line(String(index)));
    const gzipped = gzipSync([HEADER, ...rows].join('\n'));
    const cut = fileWith('cut.csv.gz', gzipped.subarray(0, Math.floor(gzipped.length / 2)));
    expect((await readError(cut)).message).toBe(
      'cut.csv.gz is not a readable gzip file: it is truncated or corrupt.',
    );
  });

  it('leaves no DuckDB spill folder behind after the failures', () => {
    expect(readdirSync(ownTemporaryFolder)).toEqual([]);
  });
});
