import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingFileError } from './billing-file-error.ts';
import { openBillingFile } from './read-daily-cost-facts.ts';

/** A legacy CUR whose header has one more column than its rows, the trailing one empty. */
const HEADER =
  'lineItem/UsageAccountId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,lineItem/UnblendedCost,resourceTags/user:team';
const row = (cost: string, day = '2023-11-03') => `222,Usage,${day}T05:00:00Z,AmazonEC2,${cost}`;

let directory: string;
const fileWith = (name: string, lines: string[]) => {
  const file = path.join(directory, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};

beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'ragged-csv-'));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('a CSV whose rows end before its header does', () => {
  it('is read null-padded when only trailing columns are missing, and says so', async () => {
    const file = fileWith('ragged.csv', [HEADER, row('1.25'), row('2.50', '2023-11-04'), `${row('4')},web`]);
    const opened = await openBillingFile(file);
    try {
      expect(opened.summary.totalUnblendedCost).toBe('7.750000000000');
      expect(opened.summary.lineItems).toBe(3);
      expect(opened.notes).toEqual([
        'The header names 6 columns but line 2 holds 5; rows that end early were read with their missing trailing column (resourceTags/user:team) empty. Every cost column is present.',
      ]);
      const facts = [];
      for await (const batch of opened.dailyCostFacts()) facts.push(...batch);
      expect(facts.find((fact) => fact.tags.team === 'web')?.unblendedCost).toBe('4.000000000000');
    } finally {
      opened.close();
    }
  });

  it('still fails when a row ends before a column every line item needs, naming its line', async () => {
    const file = fileWith('cut.csv', [
      HEADER,
      row('1.25'),
      row('2.50'),
      '222,Usage,2023-11-05T05:00:00Z,AmazonEC2',
    ]);
    const error = await openBillingFile(file).then(
      (opened) => {
        opened.close();
        throw new Error('read without an error');
      },
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(BillingFileError);
    expect(error).toMatchObject({ row: 4, column: 'lineItem/UnblendedCost' });
    expect((error as Error).message).toBe(
      'Line 4 of cut.csv cannot be read: it ends before column lineItem/UnblendedCost, which every line item needs (a cut or malformed row).',
    );
  });

  it('reads a file whose rows all line up without a note', async () => {
    const opened = await openBillingFile(fileWith('whole.csv', [HEADER, `${row('1')},web`]));
    expect(opened.notes).toEqual([]);
    opened.close();
  });
});
