import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { generateCur2Parquet } from '../../../bench/generate-cur2-parquet.ts';
import { bearer, signUpVerifiedPerson } from './accounts-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { uploadsAs } from './upload-fixtures.ts';

export interface GeneratedCurUploads {
  /** A generated CUR 2.0 month of `lineItems` lines, whose facts share tag sets over regions, usage types and resources. */
  curFile: string;
  server: TestApp;
  uploads: ReturnType<typeof uploadsAs>;
}

/**
 * For the tests of one file: a generated CUR 2.0 file, a server and a verified person on the trial (whose
 * plan holds more than one integration) uploading through the API. Read the fields inside tests.
 */
export function generatedCurUploadsAround(email: string, lineItems = 20_000): GeneratedCurUploads {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-generated-cur-'));
  const world = { curFile: path.join(folder, 'cur2.parquet') } as GeneratedCurUploads;
  beforeAll(async () => {
    await generateCur2Parquet(world.curFile, lineItems);
    world.server = await createTestApp();
    const { token } = await signUpVerifiedPerson(world.server, { email });
    await world.server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: bearer(token) });
    world.uploads = uploadsAs(world.server, token);
  });
  afterAll(async () => {
    await world.server?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  return world;
}
