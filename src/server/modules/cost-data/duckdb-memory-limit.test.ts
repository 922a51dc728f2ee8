import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { CUR_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storedUnblendedTotal, uploadsAs } from '../../testing/upload-fixtures.ts';
import { createCostDataService } from './cost-data.service.ts';

/**
 * DuckDB reads a billing file within DUCKDB_MEMORY_LIMIT and spills the rest to DUCKDB_TEMP_DIRECTORY. A
 * file that still does not fit fails its run with the setting to raise; the process and the months
 * already stored are untouched.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-duckdb-memory-'));
const spillDir = path.join(dataDir, 'duckdb-spill');
let server: TestApp;
let token: string;
let integrationId: string;

const totalCost = () => storedUnblendedTotal(server, integrationId);

beforeAll(async () => {
  // 4MB: DuckDB cannot even hold the CSV reader's buffers, whatever it spills.
  server = await createTestApp({ env: { DATA_DIR: dataDir, DUCKDB_MEMORY_LIMIT: '4MB' } });
  ({ token } = await signUpVerifiedPerson(server, { email: 'duckdb-memory@example.com' }));
  integrationId = await uploadsAs(server, token).createUploadIntegration('A tight server');
  // The month as a server with the default memory read it earlier.
  const roomy = createCostDataService(server.context.database.db);
  const { organizationId } = (await server.context.database.db
    .selectFrom('integrations')
    .select('organization_id as organizationId')
    .where('id', '=', integrationId)
    .executeTakeFirstOrThrow()) as { organizationId: string };
  const run = await roomy.createRun({ organizationId, integrationId, trigger: 'upload', files: ['cur.csv'] });
  const outcome = await roomy.ingest(run, [{ path: CUR_SAMPLE, label: 'cur.csv' }]);
  expect(outcome.run.state).toBe('succeeded');
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a billing file that needs more memory than DUCKDB_MEMORY_LIMIT', () => {
  it('fails its run naming the setting to raise; the stored month stays and the spill folder is removed', async () => {
    const before = await totalCost();
    expect(Number(before)).toBeGreaterThan(0);
    const card = await uploadsAs(server, token).uploadAndReadCard(
      integrationId,
      'large.csv',
      fs.readFileSync(CUR_SAMPLE),
    );
    expect(card.latest_run?.state).toBe('failed');
    expect(card.latest_run?.error?.message).toMatch(
      /^large\.csv needs more memory than DuckDB is allowed: raise the server setting DUCKDB_MEMORY_LIMIT, then upload it again \(a sync retries on its own\)\. DuckDB said: Out of Memory Error/,
    );
    expect(card.state).toBe('ready');
    expect(await totalCost()).toBe(before);
    // DuckDB spilled under DATA_DIR, in a folder of this read alone, gone once the read ended.
    expect(fs.readdirSync(spillDir)).toEqual([]);
  });
});
