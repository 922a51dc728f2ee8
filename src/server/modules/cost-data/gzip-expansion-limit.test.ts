import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import { signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { CUR_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storedUnblendedTotal, uploadsAs } from '../../testing/upload-fixtures.ts';

/**
 * A few MB of gzip can expand to gigabytes. A gzip billing file is read with a limit on the
 * bytes it expands to (UPLOAD_MAX_EXPANDED_BYTES, here 64 MiB): past it the run fails saying so, DuckDB
 * stops reading, the previous data stays and the upload file is removed.
 */
const LIMIT = 64 * 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-gzip-limit-'));
const uploads = path.join(dataDir, 'uploads');
let server: TestApp;
let token: string;
let integrationId: string;

const [curHeader = '', ...curLines] = fs.readFileSync(CUR_SAMPLE, 'utf8').trimEnd().split('\n');

/**
 * A gzip file of `members` gzip members of `chunk` each (a gzip stream may hold many, and zlib and
 * DuckDB read them all): gigabytes expanded for a few MB on disk, built without compressing gigabytes.
 */
function gzipBomb(first: Buffer, chunk: Buffer, members: number): Buffer {
  const member = gzipSync(chunk, { level: 9 });
  return Buffer.concat([gzipSync(first, { level: 9 }), ...Array.from({ length: members }, () => member)]);
}

const upload = (fileName: string, bytes: Buffer): Promise<IntegrationView> =>
  uploadsAs(server, token).uploadAndReadCard(integrationId, fileName, bytes);

const totalCost = () => storedUnblendedTotal(server, integrationId);

beforeAll(async () => {
  server = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_EXPANDED_BYTES: String(LIMIT) } });
  ({ token } = await signUpVerifiedPerson(server, { email: 'gzip-limit@example.com' }));
  integrationId = await uploadsAs(server, token).createUploadIntegration('Gzip bombs');
  const first = await upload('cur.csv.gz', gzipSync(fs.readFileSync(CUR_SAMPLE)));
  expect(first.latest_run?.state).toBe('succeeded');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a gzip billing file that expands past UPLOAD_MAX_EXPANDED_BYTES', () => {
  it('4 GiB of zeros behind a billing header: refused as too large, the previous data stays', async () => {
    const before = await totalCost();
    // 64 members of 64 MiB of zeros: 4 GiB expanded, ~4 MB of gzip.
    const bomb = gzipBomb(Buffer.from(`${curHeader}\n`), Buffer.alloc(64 * 1024 * 1024), 64);
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    const card = await upload('zeros.csv.gz', bomb);
    expect(card.latest_run?.state).toBe('failed');
    expect(card.latest_run?.error?.message).toBe(
      'zeros.csv.gz expands to more than 64 MiB when decompressed, the most this server reads from one ' +
        'gzip file (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.',
    );
    // The previous numbers are still served: the data stays ready, the failure is the last upload's.
    expect(card.state).toBe('ready');
    expect(card.last_error?.message).toBe(card.latest_run?.error?.message);
    expect(await totalCost()).toBe(before);
    expect(fs.readdirSync(uploads)).toEqual([]);
  });

  it('2 GiB of valid line items: DuckDB stops reading them, no fact of it is kept', async () => {
    const before = await totalCost();
    // Twenty real line items (under the 32 KB deflate window, so they compress ~1000:1), 8 MiB a member.
    const rows = `${curLines.slice(0, 20).join('\n')}\n`;
    const chunk = Buffer.from(rows.repeat(Math.ceil((8 * 1024 * 1024) / rows.length)));
    const bomb = gzipBomb(Buffer.from(`${curHeader}\n${rows}`), chunk, 256);
    const card = await upload('rows.csv.gz', bomb);
    expect(card.latest_run?.state).toBe('failed');
    expect(card.latest_run?.error?.message).toMatch(
      /^rows\.csv\.gz expands to more than 64 MiB when decompressed/,
    );
    expect(card.latest_run?.facts_written).toBe(0);
    expect(await totalCost()).toBe(before);
    expect(fs.readdirSync(uploads)).toEqual([]);
    // The interrupted DuckDB left nothing behind: the next file under the limit is read as before.
    const next = await upload('again.csv.gz', gzipSync(fs.readFileSync(CUR_SAMPLE)));
    expect(next.latest_run?.state).toBe('succeeded');
  });
});
