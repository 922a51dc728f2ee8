import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestionRunView, MonthPartsView } from '../../../contracts/integrations.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { curSampleInParts, type NamedBytes, storedMonth } from '../../testing/month-parts-fixtures.ts';
import { CUR_SAMPLE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';

/**
 * A large month comes in parts that a person may upload one after another, as they download them. A
 * part of a month kept from an earlier upload asks whether it adds to the month or replaces it; added
 * one by one, the parts make the month exactly as the one-file upload does. A part of another month,
 * export or delivery is refused and changes nothing.
 */
let server: TestApp;
let token: string;
const [part1, part2, part3] = curSampleInParts();

const manifest = (assemblyId: string, names: string[]): NamedBytes => ({
  name: 'report-Manifest.json',
  bytes: Buffer.from(
    JSON.stringify({
      assemblyId,
      billingPeriod: { start: '20231101T000000.000Z', end: '20231201T000000.000Z' },
      reportKeys: names.map((name) => `cur/report/20231101-20231201/${assemblyId}/${name}`),
    }),
  ),
});
const partNames = [part1.name, part2.name, part3.name];

let people = 0;
async function uploadIntegration(name: string): Promise<string> {
  people += 1;
  ({ token } = await signUpVerifiedPerson(server, { email: `parts-after-${people}@example.com` }));
  return uploadsAs(server, token).createUploadIntegration(name);
}
const upload = (integrationId: string, files: NamedBytes[], parts?: 'add' | 'replace') =>
  uploadsAs(server, token).uploadFiles(integrationId, files, parts);
const monthOf = (integrationId: string) => storedMonth(server, integrationId);

async function monthParts(integrationId: string): Promise<MonthPartsView[]> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/integrations/${integrationId}/month-parts`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

let wholeMonth: Awaited<ReturnType<typeof monthOf>>;

beforeAll(async () => {
  server = await createTestApp();
  const whole = await uploadIntegration('One file');
  const run = await upload(whole, [{ name: 'report.csv', bytes: fs.readFileSync(CUR_SAMPLE) }]);
  expect(run.json().state).toBe('succeeded');
  wholeMonth = await monthOf(whole);
  expect(wholeMonth.length).toBeGreaterThan(20);
});
afterAll(async () => {
  await server.close();
});

describe('a month uploaded one part after another', () => {
  let integrationId: string;
  beforeAll(async () => {
    integrationId = await uploadIntegration('Parts one by one');
  });

  it('keeps a manifest that came alone and says which parts it waits for', async () => {
    const response = await upload(integrationId, [manifest('asm-1', partNames)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().months.map((month: MonthPartsView) => month.summary)).toEqual([
      'November 2023: the manifest lists 3 parts; none is uploaded yet',
    ]);
  });

  it('reads part 1 and names parts 2 and 3 missing', async () => {
    const response = await upload(integrationId, [part1]);
    expect(response.json()).toMatchObject({ state: 'succeeded', billing_periods: ['2023-11-01'] });
    expect(await monthParts(integrationId)).toEqual([
      {
        billing_period: '2023-11-01',
        parts: ['report-1.csv.gz'],
        expected: partNames,
        missing: ['report-2.csv.gz', 'report-3.csv.gz'],
        summary: 'November 2023: part 1 of 3 — parts 2, 3 missing',
      },
    ]);
  });

  it('asks before part 2 whether it adds to November or replaces it, and changes nothing meanwhile', async () => {
    const before = await monthOf(integrationId);
    const response = await upload(integrationId, [part2]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      Code: 'PartOfKeptMonth',
      Message:
        'file: report-2.csv.gz looks like another part of November 2023, which holds parts from an earlier upload (November 2023: part 1 of 3 — parts 2, 3 missing). Add it to the month, or replace the month with it.',
    });
    expect(await monthOf(integrationId)).toEqual(before);
  });

  it('adds part 2, then part 3: the month equals the one-file upload for every day, service and account', async () => {
    expect((await upload(integrationId, [part2], 'add')).json()).toMatchObject({
      state: 'succeeded',
      files: ['report-1.csv.gz', 'report-2.csv.gz'],
    });
    expect((await monthParts(integrationId))[0]?.summary).toBe(
      'November 2023: parts 1, 2 of 3 — part 3 missing',
    );
    expect((await upload(integrationId, [part3], 'add')).json().state).toBe('succeeded');
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
    expect((await monthParts(integrationId))[0]?.summary).toBe('November 2023: all 3 parts');
  });

  it('adding a part already kept reads it once: the month stays the one-file month', async () => {
    expect((await upload(integrationId, [part2], 'add')).json().state).toBe('succeeded');
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });

  it('replacing the month with part 3 alone is held, as any upload that would lower a month by half', async () => {
    const run = (await upload(integrationId, [part3], 'replace')).json() as IngestionRunView;
    expect(run.state).toBe('held');
    expect(run.held_months?.map((month) => month.period)).toEqual(['2023-11-01']);
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
    expect((await monthParts(integrationId))[0]?.parts).toEqual(partNames);
  });
});

describe('a part refused, naming why, with nothing stored lost', () => {
  let integrationId: string;
  beforeAll(async () => {
    integrationId = await uploadIntegration('Refused parts');
    expect((await upload(integrationId, [manifest('asm-1', partNames), part1, part2])).json().state).toBe(
      'succeeded',
    );
  });

  const refusal = async (files: NamedBytes[]) => {
    const before = await monthOf(integrationId);
    const kept = await monthParts(integrationId);
    const response = await upload(integrationId, files, 'add');
    expect(response.statusCode).toBe(400);
    expect(await monthOf(integrationId)).toEqual(before);
    expect(await monthParts(integrationId)).toEqual(kept);
    return response.json().Message as string;
  };

  it('a part of another month', async () => {
    const [header = '', ...lines] = fs.readFileSync(CUR_SAMPLE, 'utf8').trimEnd().split('\n');
    const december = [header, ...lines.slice(0, 30)]
      .join('\n')
      .replaceAll('2023-12-01', '2024-01-01')
      .replaceAll('2023-11', '2023-12');
    expect(await refusal([{ name: 'report-3.csv.gz', bytes: gzipSync(`${december}\n`) }])).toBe(
      'file: report-3.csv.gz holds December 2023, but the parts kept from earlier uploads are of November 2023: it adds to no month. Upload it without adding.',
    );
  });

  it('a part of another export: other columns', async () => {
    const [header = '', ...lines] = fs.readFileSync(CUR_SAMPLE, 'utf8').trimEnd().split('\n');
    const drop = (line: string) => line.split(',').slice(0, -1).join(',');
    const lastColumn = header.split(',').at(-1);
    const other = gzipSync(`${[drop(header), ...lines.slice(0, 30).map(drop)].join('\n')}\n`);
    expect(await refusal([{ name: 'report-3.csv.gz', bytes: other }])).toBe(
      `file: report-3.csv.gz and report-1.csv.gz both hold November 2023, but not the same columns (report-3.csv.gz lacks ${lastColumn}, which report-1.csv.gz has): the parts of one month come from one export with one set of columns. Nothing was changed.`,
    );
  });

  it('a part of another export: a name the month’s manifest does not list', async () => {
    expect(await refusal([{ name: 'other-3.csv.gz', bytes: part3.bytes }])).toBe(
      'file: other-3.csv.gz is not one of the parts the manifest of November 2023 lists (report-1.csv.gz, report-2.csv.gz, report-3.csv.gz): it belongs to another export.',
    );
  });

  it('a part of another delivery of the month: another assembly id', async () => {
    expect(await refusal([manifest('asm-2', partNames), part3])).toBe(
      'file: the manifest uploaded is of assembly asm-2, but the parts kept of November 2023 are of assembly asm-1: parts of two deliveries of one month would count it twice. Replace the month instead.',
    );
  });

  it('a file that is not a manifest, named like one', async () => {
    const response = await upload(integrationId, [
      { name: 'x-Manifest.json', bytes: Buffer.from('{"a":1}') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'file: x-Manifest.json is not an AWS billing export manifest: it lists no reportKeys (legacy CUR) or dataFiles (Data Exports).',
    );
  });

  it('a manifest whose billing period is not a month, and the parts kept still list', async () => {
    const response = await upload(integrationId, [
      {
        name: 'report-Manifest.json',
        bytes: Buffer.from(
          JSON.stringify({ reportKeys: ['a.csv'], billingPeriod: { start: '2026-13-01T00:00:00Z' } }),
        ),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'file: report-Manifest.json is not an AWS billing export manifest: its billingPeriod.start is not a month (YYYY-MM).',
    );
    expect((await monthParts(integrationId)).map((month) => month.billing_period)).toEqual(['2023-11-01']);
  });

  it('removing the integration removes its kept parts', async () => {
    const folder = path.join(server.context.config.dataDir, 'month-parts', integrationId);
    expect(fs.existsSync(folder)).toBe(true);
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/integrations/${integrationId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
  });
});

describe('parts whose names are as long as a file name can be', () => {
  it('are kept and added: the month equals the one-file month', async () => {
    const integrationId = await uploadIntegration('Long part names');
    // 255 bytes, the most a file system's name takes: kept and linked under prefixed names.
    const longName = (part: NamedBytes) => `${'n'.repeat(255 - part.name.length)}${part.name}`;
    expect(Buffer.byteLength(longName(part1))).toBe(255);
    const first = await upload(integrationId, [{ name: longName(part1), bytes: part1.bytes }]);
    expect(first.json().state).toBe('succeeded');
    for (const part of [part2, part3]) {
      const added = await upload(integrationId, [{ name: longName(part), bytes: part.bytes }], 'add');
      expect(added.statusCode).toBe(202);
      expect(added.json().state).toBe('succeeded');
    }
    expect((await monthParts(integrationId))[0]?.parts).toEqual([part1, part2, part3].map(longName));
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });
});

describe('a part named as a kept part is linked beside', () => {
  it('never takes its place: the month holds both, as the one-file month does', async () => {
    const integrationId = await uploadIntegration('Names like the kept ones');
    expect((await upload(integrationId, [part1])).json().state).toBe('succeeded');
    // The name the kept part 1 is linked under in the next upload's folder, given to part 2.
    const added = await upload(integrationId, [{ name: `kept-1-${part1.name}`, bytes: part2.bytes }], 'add');
    expect(added.json().state).toBe('succeeded');
    expect((await upload(integrationId, [part3], 'add')).json().state).toBe('succeeded');
    expect(await monthOf(integrationId)).toEqual(wholeMonth);
  });
});
