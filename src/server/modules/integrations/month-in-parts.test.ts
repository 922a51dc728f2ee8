import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestionRunView } from '../../../contracts/integrations.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { curSampleInParts, storedMonth } from '../../testing/month-parts-fixtures.ts';
import { CUR_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { zipArchive } from '../../testing/zip-archives.ts';

/**
 * AWS writes a large month as several files (the legacy CUR's report-1.csv.gz, report-2.csv.gz, …). One
 * upload may carry them all, side by side or in a zip: the month is the sum of its parts, to the cent,
 * whatever order they come in. A zip of anything but billing files, or one that expands past
 * UPLOAD_MAX_EXPANDED_BYTES (here 64 MiB), is refused; so is a part of another export.
 */
const LIMIT = 64 * 1024 * 1024;
let server: TestApp;
let token: string;

const parts = curSampleInParts();
const [part1, part2, part3] = parts;

let people = 0;
/** The free plan carries one integration: each integration here is another person's. */
async function uploadIntegration(name: string): Promise<string> {
  people += 1;
  ({ token } = await signUpVerifiedPerson(server, { email: `month-in-parts-${people}@example.com` }));
  return uploadsAs(server, token).createUploadIntegration(name);
}
const uploads = () => uploadsAs(server, token);

const monthOf = (integrationId: string) => storedMonth(server, integrationId);

async function status(integrationId: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/integrations/${integrationId}/status`,
    headers: bearer(token),
  });
  return response.json();
}

let wholeMonth: Awaited<ReturnType<typeof monthOf>>;

beforeAll(async () => {
  server = await createTestApp({ env: { UPLOAD_MAX_EXPANDED_BYTES: String(LIMIT) } });
  const whole = await uploadIntegration('One file');
  const card = await uploads().uploadAndReadCard(whole, 'report.csv', fs.readFileSync(CUR_SAMPLE));
  expect(card.latest_run?.state).toBe('succeeded');
  wholeMonth = await monthOf(whole);
  expect(wholeMonth.length).toBeGreaterThan(20);
});
afterAll(async () => {
  await server.close();
});

describe('a month uploaded in parts, in one upload', () => {
  it('as three files of one request, in any order, equals the month uploaded as one file', async () => {
    const integrationId = await uploadIntegration('Three files');
    const response = await uploads().uploadFiles(integrationId, [part3, part1, part2]);
    expect(response.statusCode).toBe(202);
    const run = response.json() as IngestionRunView;
    expect(run).toMatchObject({
      state: 'succeeded',
      files: ['report-3.csv.gz', 'report-1.csv.gz', 'report-2.csv.gz'],
      files_total: 3,
      billing_periods: ['2023-11-01'],
    });
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });

  it('as a zip of the three, in folders as AWS writes them, equals the month uploaded as one file', async () => {
    const integrationId = await uploadIntegration('A zip');
    const zip = zipArchive([
      { name: 'cur/20231101-20231201/', bytes: Buffer.alloc(0), stored: true },
      ...[part2, part3, part1].map((part) => ({
        name: `cur/20231101-20231201/${part.name}`,
        bytes: part.bytes,
      })),
    ]);
    const response = await uploads().uploadFiles(integrationId, [{ name: 'november.zip', bytes: zip }]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      state: 'succeeded',
      files: [
        'november.zip/cur/20231101-20231201/report-2.csv.gz',
        'november.zip/cur/20231101-20231201/report-3.csv.gz',
        'november.zip/cur/20231101-20231201/report-1.csv.gz',
      ],
    });
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });

  it('replaces a month held as part 1 alone, without holding it: the combined month is judged', async () => {
    const integrationId = await uploadIntegration('Part 1 first');
    const first = await uploads().uploadAndReadCard(integrationId, part1.name, part1.bytes);
    expect(first.latest_run?.state).toBe('succeeded');
    const run = (await uploads().uploadFiles(integrationId, parts)).json() as IngestionRunView;
    expect(run.state).toBe('succeeded');
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });
});

describe('an upload refused', () => {
  let integrationId: string;
  beforeAll(async () => {
    integrationId = await uploadIntegration('Refusals');
    expect((await uploads().uploadFiles(integrationId, parts)).json().state).toBe('succeeded');
  });

  const refusal = async (files: Array<{ name: string; bytes: Buffer }>) => {
    const response = await uploads().uploadFiles(integrationId, files);
    expect(response.statusCode).toBe(400);
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
    return response.json().Message as string;
  };

  it('a zip holding anything but billing files, naming it', async () => {
    const zip = zipArchive([
      ...parts.map(({ name, bytes }) => ({ name, bytes })),
      { name: 'notes.txt', bytes: Buffer.from('hi') },
    ]);
    expect(await refusal([{ name: 'parts.zip', bytes: zip }])).toBe(
      'file: parts.zip holds notes.txt, which is not a billing file (CSV, gzip CSV or Parquet): a zip may hold billing files only.',
    );
  });

  it('a zip bomb, by the sizes it declares or by the bytes it really expands to', async () => {
    // 128 MiB of zeros: about 128 KB zipped.
    const zeros = Buffer.alloc(128 * 1024 * 1024);
    const bomb = zipArchive([{ name: 'zeros.csv', bytes: zeros }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal([{ name: 'bomb.zip', bytes: bomb }])).toBe(
      'file: bomb.zip expands to more than 64 MiB, the most this server reads from one upload (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.',
    );
    const lying = zipArchive([{ name: 'zeros.csv', bytes: zeros, declaredSize: 1024 }]);
    expect(await refusal([{ name: 'lying.zip', bytes: lying }])).toBe(
      'file: lying.zip is not a readable zip file: zeros.csv is corrupt.',
    );
    expect(
      await refusal([{ name: 'nested.zip', bytes: zipArchive([{ name: 'inner.zip', bytes: bomb }]) }]),
    ).toMatch(/^file: nested\.zip holds inner\.zip, which is not a billing file/);
  });

  it('a zip whose list of files is larger than any zip of billing files needs, before it is read', async () => {
    // 17 MiB, ending in a record that declares the whole archive to be its list of files.
    const size = 17 * 1024 * 1024;
    const archive = Buffer.alloc(size);
    const end = size - 22;
    archive.writeUInt32LE(0x06054b50, end);
    archive.writeUInt16LE(1, end + 8);
    archive.writeUInt16LE(1, end + 10);
    archive.writeUInt32LE(end, end + 12);
    archive.writeUInt32LE(0, end + 16);
    expect(await refusal([{ name: 'listing.zip', bytes: archive }])).toBe(
      'file: listing.zip lists its files in more than 16 MB, more than any zip of billing files needs: upload its files, or zip fewer of them.',
    );
  });

  it('zips of one upload share the expansion limit', async () => {
    // Two zips of 40 MiB each: each alone is under the 64 MiB limit, together they are not.
    const zeros = Buffer.alloc(40 * 1024 * 1024);
    const first = zipArchive([{ name: 'first.csv', bytes: zeros }]);
    const second = zipArchive([{ name: 'second.csv', bytes: zeros }]);
    expect(
      await refusal([
        { name: 'a.zip', bytes: first },
        { name: 'b.zip', bytes: second },
      ]),
    ).toBe(
      "file: b.zip expands to more than 24 MiB, what the upload's other zips left of the 64 MiB this server reads from one upload (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.",
    );
  });

  it('a part with other columns than its month: the run fails naming why, the month stays', async () => {
    const [fullHeader = '', ...rows] = fs.readFileSync(CUR_SAMPLE, 'utf8').trimEnd().split('\n');
    // The last column dropped from a part, as a part of another export would lack it.
    const drop = (line: string) => line.split(',').slice(0, -1).join(',');
    const lastColumn = fullHeader.split(',').at(-1);
    const other = {
      name: 'other-export.csv',
      bytes: Buffer.from(`${[drop(fullHeader), ...rows.slice(0, 50).map(drop)].join('\n')}\n`),
    };
    const response = await uploads().uploadFiles(integrationId, [part1, other]);
    expect(response.statusCode).toBe(202);
    const run = response.json() as IngestionRunView;
    expect(run.state).toBe('failed');
    expect(run.error?.file).toBe('other-export.csv');
    expect(run.error?.message).toBe(
      `other-export.csv and report-1.csv.gz both hold November 2023, but not the same columns (other-export.csv lacks ${lastColumn}, which report-1.csv.gz has): the parts of one month come from one export with one set of columns. Nothing was changed.`,
    );
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
    expect((await status(integrationId)).state).toBe('ready');
  });
});
