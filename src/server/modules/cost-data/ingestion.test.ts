import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import {
  CUR_SAMPLE,
  FOCUS_SAMPLE,
  ONE_MICRO_DOLLAR,
  parseCsv,
  picoUnits,
  sumBy,
} from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { sumFacts } from './cost-facts.repository.ts';

/** Replaces one field of a CSV line, stepping over commas inside quoted fields. */
function replaceCsvField(line: string, fieldIndex: number, value: string): string {
  let field = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i <= line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    if ((char === ',' && !quoted) || i === line.length) {
      if (field === fieldIndex) return `${line.slice(0, start)}${value}${line.slice(i)}`;
      field += 1;
      start = i + 1;
    }
  }
  throw new Error(`the line has no field ${fieldIndex}`);
}

let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await createTestApp();
  ({ token } = await signUpVerifiedPerson(server, { email: 'finance@example.com' }));
  // The Free plan includes one integration; these tests keep several apart (Business trial: 20).
  await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: bearer(token) });
});
afterAll(() => server.close());

const createUploadIntegration = (name: string) => uploadsAs(server, token).createUploadIntegration(name);
const upload = (integrationId: string, fileName: string, bytes: Buffer) =>
  uploadsAs(server, token).uploadFile(integrationId, fileName, bytes);

const samples = {
  'FOCUS sample': {
    file: FOCUS_SAMPLE,
    day: (row: Record<string, string>) => row.ChargePeriodStart!.slice(0, 10),
    service: (row: Record<string, string>) => row.x_ServiceCode || row.ServiceName!,
    account: (row: Record<string, string>) => row.SubAccountId!,
    unblended: 'BilledCost',
    amortized: 'EffectiveCost',
  },
  'legacy CUR sample': {
    file: CUR_SAMPLE,
    day: (row: Record<string, string>) => row['lineItem/UsageStartDate']!.slice(0, 10),
    service: (row: Record<string, string>) => row['lineItem/ProductCode']!,
    account: (row: Record<string, string>) => row['lineItem/UsageAccountId']!,
    unblended: 'lineItem/UnblendedCost',
    amortized: 'lineItem/UnblendedCost',
  },
};

describe.each(Object.entries(samples))('uploading the %s', (name, sample) => {
  let integrationId: string;
  let rows: Record<string, string>[];
  beforeAll(async () => {
    integrationId = await createUploadIntegration(name);
    rows = parseCsv(fs.readFileSync(sample.file, 'utf8'));
    const response = await upload(integrationId, sample.file.split('/').pop()!, fs.readFileSync(sample.file));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ state: 'succeeded', percent: 100, files_done: 1 });
  });

  for (const [dimension, column, rowKey] of [
    ['day', 'usage_date', 'day'],
    ['service', 'service_code', 'service'],
    ['account', 'usage_account_id', 'account'],
  ] as const) {
    it(`stores totals per ${dimension} equal to the raw rows, unblended and amortized`, async () => {
      const stored = await sumFacts(server.context.database.db, integrationId, column);
      for (const [field, rawColumn] of [
        ['unblended', sample.unblended],
        ['amortized', sample.amortized],
      ] as const) {
        const expected = sumBy(rows, sample[rowKey], (row) => picoUnits(row[rawColumn]!));
        const actual = new Map(stored.map((row) => [row.key, picoUnits(row[field])]));
        expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [key, value] of expected) {
          const difference = (actual.get(key) ?? 0n) - value;
          expect(difference < 0n ? -difference : difference, `${field} of ${key}`).toBeLessThanOrEqual(
            ONE_MICRO_DOLLAR,
          );
        }
      }
    });
  }

  it('keeps the daily and monthly rollups equal to the facts', async () => {
    const totals = await sql<{ facts: string; daily: string; monthly: string }>`
      select (select sum(unblended_cost) from cost_daily_facts where integration_id = ${integrationId})::text as facts,
             (select sum(unblended_cost) from cost_daily_rollups where integration_id = ${integrationId})::text as daily,
             (select sum(unblended_cost) from cost_monthly_rollups where integration_id = ${integrationId})::text as monthly`.execute(
      server.context.database.db,
    );
    const [row] = totals.rows;
    expect(picoUnits(row!.daily)).toBe(picoUnits(row!.facts));
    expect(picoUnits(row!.monthly)).toBe(picoUnits(row!.facts));
  });

  it('keeps the daily totals per account equal to the daily rollups, day by day (decision 053)', async () => {
    const mismatches = await sql<{ usage_date: string }>`
      select coalesce(r.usage_date, t.usage_date)::text as usage_date
      from (select usage_date, usage_account_id, sum(unblended_cost) as unblended, sum(amortized_cost) as amortized
            from cost_daily_rollups where integration_id = ${integrationId} group by 1, 2) as r
      full join (select usage_date, usage_account_id, sum(unblended_cost) as unblended,
                   sum(amortized_cost) as amortized
                 from cost_daily_totals where integration_id = ${integrationId} group by 1, 2) as t
        using (usage_date, usage_account_id)
      where r.unblended is distinct from t.unblended or r.amortized is distinct from t.amortized`.execute(
      server.context.database.db,
    );
    expect(mismatches.rows).toEqual([]);
    const stored = await sql<{ days: string }>`select count(distinct usage_date)::text as days
      from cost_daily_totals where integration_id = ${integrationId}`.execute(server.context.database.db);
    expect(Number(stored.rows[0]?.days)).toBeGreaterThan(0);
  });

  it('reports the integration ready, fresh through the last day of the file', async () => {
    const status = await server.app.inject({
      method: 'GET',
      url: `/api/integrations/${integrationId}/status`,
      headers: bearer(token),
    });
    const lastDay = rows.map(sample.day).sort().at(-1);
    expect(status.json()).toMatchObject({ state: 'ready', fresh_through: lastDay, last_error: null });
  });
});

describe('re-ingesting and broken files', () => {
  let integrationId: string;
  const total = async () => {
    const result = await sql<{ total: string | null; facts: string }>`
      select sum(unblended_cost)::text as total, count(*)::text as facts from cost_daily_facts
      where integration_id = ${integrationId}`.execute(server.context.database.db);
    return result.rows[0]!;
  };

  beforeAll(async () => {
    integrationId = await createUploadIntegration('restatements');
    await upload(integrationId, 'cur.csv', fs.readFileSync(CUR_SAMPLE));
  });

  it('replaces the billing period instead of adding to it when the same file arrives again', async () => {
    const before = await total();
    const again = await upload(integrationId, 'cur.csv', fs.readFileSync(CUR_SAMPLE));
    expect(again.json().state).toBe('succeeded');
    expect(await total()).toEqual(before);
  });

  it('replaces a restated month with the new numbers, once confirmed when it lowers the month by half', async () => {
    const original = fs.readFileSync(CUR_SAMPLE, 'utf8');
    const [header, ...lines] = original.trimEnd().split('\n');
    const restated = [header, ...lines.slice(0, 100)].join('\n');
    const response = await upload(integrationId, 'restated.csv', Buffer.from(restated));
    expect(response.json().state).toBe('held');
    const confirmed = await server.app.inject({
      method: 'POST',
      url: `/api/integrations/${integrationId}/runs/${response.json().id}/confirm`,
      headers: bearer(token),
    });
    expect(confirmed.json().state).toBe('succeeded');
    const expected = sumBy(
      parseCsv(restated),
      () => 'all',
      (row) => picoUnits(row['lineItem/UnblendedCost']!),
    ).get('all')!;
    expect(picoUnits((await total()).total!)).toBe(expected);
    await upload(integrationId, 'cur.csv', fs.readFileSync(CUR_SAMPLE));
  });

  it('keeps the previous data when a file is broken, and says which file, column and row', async () => {
    const before = await total();
    const csv = fs.readFileSync(CUR_SAMPLE, 'utf8').split('\n');
    const header = csv[0]!.split(',');
    const costColumn = header.indexOf('lineItem/UnblendedCost');
    const line = 5;
    csv[line] = replaceCsvField(csv[line]!, costColumn, 'twelve dollars');
    const response = await upload(integrationId, 'broken.csv', Buffer.from(csv.join('\n')));
    expect(response.statusCode).toBe(202);
    expect(line).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({
      state: 'failed',
      error: { file: 'broken.csv', column: 'lineItem/UnblendedCost', row: line + 1 },
    });
    expect(await total()).toEqual(before);
    const status = await server.app.inject({
      method: 'GET',
      url: `/api/integrations/${integrationId}/status`,
      headers: bearer(token),
    });
    // The data is intact and still served: the failure is the last run's, not the data's.
    expect(status.json()).toMatchObject({ state: 'ready', last_error: { file: 'broken.csv' } });
  });

  it('refuses a file that is not a billing export, naming what is missing', async () => {
    const response = await upload(integrationId, 'notes.csv', Buffer.from('name,age\nada,36\n'));
    expect(response.json().state).toBe('failed');
    expect(response.json().error.message).toMatch(/billing|column/i);
  });

  it('refuses an empty upload', async () => {
    const response = await upload(integrationId, 'empty.csv', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('file');
  });
});

describe('who may do what', () => {
  it("answers 404 for another organization's integration", async () => {
    const mine = await createUploadIntegration('mine');
    const other = await signUpVerifiedPerson(server, { email: 'intruder@example.com' });
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/integrations/${mine}`,
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(404);
    const upload = await server.app.inject({
      method: 'DELETE',
      url: `/api/integrations/${mine}`,
      headers: bearer(other.token),
    });
    expect(upload.statusCode).toBe(404);
  });

  it('refuses an id that is not one, naming the field', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/integrations/nope',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('id');
  });

  it('deletes the data with the integration', async () => {
    const id = await createUploadIntegration('to delete');
    await upload(id, 'cur.csv', fs.readFileSync(CUR_SAMPLE));
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/integrations/${id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    const left = await sql<{
      n: string;
    }>`select count(*)::text as n from cost_daily_facts where integration_id = ${id}`.execute(
      server.context.database.db,
    );
    expect(left.rows[0]!.n).toBe('0');
  });
});
