import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import { signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storedUnblendedTotal, uploadsAs } from '../../testing/upload-fixtures.ts';
import { writeCur2TestFile } from './billing-files/cur2-test-files.ts';
import { quoteLiteral } from './billing-files/sql-text.ts';

/**
 * Run-length encoding lets a Parquet file of a few kilobytes declare millions of rows. Its footer is held
 * to the gzip limit (UPLOAD_MAX_EXPANDED_BYTES, here 16 MiB) before a page is read: past it the run fails
 * saying so, the previous data stays and the upload file is removed.
 */
const LIMIT = 16 * 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-parquet-limit-'));
const uploads = path.join(dataDir, 'uploads');
let server: TestApp;
let token: string;
let integrationId: string;

const upload = (fileName: string, bytes: Buffer): Promise<IntegrationView> =>
  uploadsAs(server, token).uploadAndReadCard(integrationId, fileName, bytes);

const totalCost = () => storedUnblendedTotal(server, integrationId);

/** One real CUR 2.0 line item, repeated `copies` times: the same columns, pages of one run each. */
async function repeatedLineItems(copies: number): Promise<Buffer> {
  const one = path.join(dataDir, 'one.parquet');
  const many = path.join(dataDir, 'many.parquet');
  await writeCur2TestFile(
    one,
    [{ type: 'Usage', usageType: 'BoxUsage:m5.large', unblended: '0.01' }],
    'parquet',
  );
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT item.* FROM read_parquet(${quoteLiteral(one)}) AS item, range(${copies}))
     TO ${quoteLiteral(many)} (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();
  const bytes = fs.readFileSync(many);
  fs.rmSync(one);
  fs.rmSync(many);
  return bytes;
}

beforeAll(async () => {
  server = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_EXPANDED_BYTES: String(LIMIT) } });
  ({ token } = await signUpVerifiedPerson(server, { email: 'parquet-limit@example.com' }));
  integrationId = await uploadsAs(server, token).createUploadIntegration('Parquet bombs');
  const first = await upload('cur.parquet', await repeatedLineItems(100));
  expect(first.latest_run?.state).toBe('succeeded');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a Parquet billing file that declares more than UPLOAD_MAX_EXPANDED_BYTES', () => {
  it('two million line items in a few kilobytes: refused unread, the previous data stays', async () => {
    const before = await totalCost();
    const bomb = await repeatedLineItems(2_000_000);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const card = await upload('millions.parquet', bomb);
    expect(card.latest_run?.state).toBe('failed');
    expect(card.latest_run?.error?.message).toMatch(
      /^millions\.parquet declares 2,000,000 rows \([\d.]+ MiB when read\), more than 16 MiB, the most this server reads from one billing file \(UPLOAD_MAX_EXPANDED_BYTES\): it was refused unread\.$/,
    );
    expect(card.latest_run?.facts_written).toBe(0);
    // The previous numbers are still served: the data stays ready, the failure is the last upload's.
    expect(card.state).toBe('ready');
    expect(await totalCost()).toBe(before);
    expect(fs.readdirSync(uploads)).toEqual([]);
  });
});
