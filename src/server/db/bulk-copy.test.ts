import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { copyField, copyRows } from './bulk-copy.ts';
import type { Database } from './database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`create table copied (label text, doc jsonb, amount numeric(38, 12))`.execute(database.db);
});
afterAll(() => database.close());

it('copies text with separators, backslashes, a literal \\N and nulls back as it was, amounts exact', async () => {
  const values = [
    ['tab\there', { 'k\tey': 'v\\alue "quoted"' }, '0.000000000001'],
    ['line\nbreak\r\nand return', { note: 'multi\nline' }, '-123456789012345678901234.123456789012'],
    ['back\\slash and \\N and \\t', {}, '0'],
    [null, { emoji: 'é €' }, '1.5'],
  ] as const;
  const rows = values
    .map(([label, doc, amount]) => [copyField(label), copyField(JSON.stringify(doc)), amount].join('\t'))
    .join('\n');
  await copyRows(database.db, 'copied (label, doc, amount)', `${rows}\n`);
  const stored = await sql<{ label: string | null; doc: unknown; amount: string }>`
    select label, doc, amount::text as amount from copied`.execute(database.db);
  expect(stored.rows.map(({ label, doc }) => [label, doc])).toEqual(
    values.map(([label, doc]) => [label, doc]),
  );
  expect(stored.rows.map((row) => row.amount)).toEqual([
    '0.000000000001',
    '-123456789012345678901234.123456789012',
    '0.000000000000',
    '1.500000000000',
  ]);
});

it('refuses a handle it did not open, rather than writing nothing', async () => {
  await database.db.transaction().execute(async (trx) => {
    expect(() => copyRows(trx, 'copied (label)', 'x\n')).toThrow(/openPostgres or openPglite/);
  });
});
