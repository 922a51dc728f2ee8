import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { CUR_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';

/**
 * Whatever is uploaded, its run ends (`failed` with a message a person can read, or
 * `succeeded`), the integration card says so, and the uploaded file is gone. Files that are not billing
 * exports used to leave the run `running` and the integration `syncing` for good: the error held a NUL,
 * which PostgreSQL refuses, and the failure was never saved.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-runs-end-'));
const uploads = path.join(dataDir, 'uploads');
let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await createTestApp({ env: { DATA_DIR: dataDir } });
  ({ token } = await signUpVerifiedPerson(server, { email: 'runs-end@example.com' }));
  await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: bearer(token) });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Bytes that look random but are the same on every run (xorshift32). */
function pseudoRandomBytes(length: number, seed = 0x2545f491): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let offset = 0; offset < length; offset += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes.writeUInt32LE(state >>> 0, offset);
  }
  return bytes;
}

async function uploadInto(name: string, fileName: string, bytes: Buffer) {
  const uploads = uploadsAs(server, token);
  return uploads.uploadAndReadCard(await uploads.createUploadIntegration(name), fileName, bytes);
}

function expectReadableFailure(card: IntegrationView, message: RegExp) {
  expect(card.latest_run?.state).toBe('failed');
  expect(card.latest_run?.finished_at).not.toBeNull();
  const text = card.latest_run?.error?.message ?? '';
  expect(text).toMatch(message);
  expect(text).not.toContain('\u0000');
  expect(text.length).toBeLessThanOrEqual(2_000);
  expect(card.state).toBe('error');
  expect(card.last_error?.message).toBe(text);
  expect(fs.readdirSync(uploads)).toEqual([]);
}

describe('a run always ends, with a readable reason, and its upload file is removed', () => {
  it('random bytes', async () => {
    const card = await uploadInto('Random', 'random.bin', pseudoRandomBytes(256 * 1024));
    expectReadableFailure(card, /random\.bin (is not a billing export|could not be read|cannot be read)/);
  });

  it('a binary (this Node executable)', async () => {
    const head = Buffer.alloc(4 * 1024 * 1024);
    const handle = fs.openSync(process.execPath, 'r');
    fs.readSync(handle, head, 0, head.length, 0);
    fs.closeSync(handle);
    const card = await uploadInto('Binary', 'node.csv', head);
    expectReadableFailure(card, /node\.csv/);
  });

  it('a gzip file of random bytes', async () => {
    const card = await uploadInto(
      'Gzipped junk',
      'export.csv.gz',
      gzipSync(pseudoRandomBytes(1024 * 1024, 9)),
    );
    expectReadableFailure(card, /export\.csv\.gz/);
  });

  it('a junk file of realistic size (40 MB)', async () => {
    const card = await uploadInto('Junk', 'cur-2026-10.csv', pseudoRandomBytes(40 * 1024 * 1024, 11));
    expectReadableFailure(card, /cur-2026-10\.csv/);
  }, 120_000);

  it('a header whose column names hold NUL: the error names them without it', async () => {
    const csv = Buffer.from('acc\u0000ount,co\u0000st,\u0000\u0000\u0000\n1,2,3\n');
    const card = await uploadInto('NUL header', 'nul.csv', csv);
    expectReadableFailure(
      card,
      /nul\.csv is not a billing export: .*Its first columns are: acc\uFFFDount, co\uFFFDst/,
    );
  });

  it('a NUL inside a line item is stored without it, and the run succeeds', async () => {
    const [header, ...lines] = fs.readFileSync(CUR_SAMPLE, 'utf8').split('\n');
    const withNul = [
      header,
      ...lines.map((line) => line.replace(',AWSCloudTrail,', ',AWS\u0000CloudTrail,')),
    ];
    const card = await uploadInto('NUL value', 'cur.csv', Buffer.from(withNul.join('\n')));
    expect(card.latest_run?.error).toBeNull();
    expect(card.latest_run?.state).toBe('succeeded');
    const services = await sql<{ service_code: string }>`
      select distinct service_code from cost_daily_facts where integration_id = ${card.id}
        and service_code like 'AWS%CloudTrail'`.execute(server.context.database.db);
    expect(services.rows.map((row) => row.service_code)).toEqual(['AWS\uFFFDCloudTrail']);
    expect(fs.readdirSync(uploads)).toEqual([]);
  });

  it('a failure while saving the failure: the run still ends, saying its error could not be saved', async () => {
    // The database itself refuses the detailed failure of this one file (as a full disk or a broken
    // constraint would); the run must not stay `running`.
    await sql`create function refuse_failure_of_refused_csv() returns trigger language plpgsql as $$
      begin
        if new.state = 'failed' and new.error->>'file' = 'refused.csv' then
          raise exception 'the failure of refused.csv cannot be written';
        end if;
        return new;
      end $$`.execute(server.context.database.db);
    await sql`create trigger refuse_failure_of_refused_csv before update on ingestion_runs
      for each row execute function refuse_failure_of_refused_csv()`.execute(server.context.database.db);
    try {
      const card = await uploadInto('Refused', 'refused.csv', pseudoRandomBytes(64 * 1024, 13));
      expectReadableFailure(
        card,
        /^The run failed and its error could not be saved: .*the failure of refused\.csv cannot be written/,
      );
    } finally {
      await sql`drop trigger refuse_failure_of_refused_csv on ingestion_runs`.execute(
        server.context.database.db,
      );
    }
  });
});
