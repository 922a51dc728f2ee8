import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { FOCUS_AWS_AZURE_SAMPLE, parseCsv, picoUnits, SCALE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedClock } from '../../testing/test-clock.ts';

// A FOCUS file of AWS and Azure lines, split and filtered by provider. Every expected amount
// is added up here from the file's own cells, not by the product's code.
const rows = parseCsv(fs.readFileSync(FOCUS_AWS_AZURE_SAMPLE, 'utf8'));
type Row = (typeof rows)[number];

function usd(where: (row: Row) => boolean, column: 'BilledCost' | 'EffectiveCost' = 'BilledCost'): number {
  const pico = rows.filter(where).reduce((sum, row) => sum + picoUnits(row[column] ?? ''), 0n);
  const negative = pico < 0n;
  const text = (negative ? -pico : pico).toString().padStart(SCALE + 1, '0');
  return Number(`${negative ? '-' : ''}${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`);
}
const cents = (amount: number) => Math.round(amount * 100) / 100;
const onAws = (row: Row) => row.ProviderName === 'AWS';
const onAzure = (row: Row) => row.ProviderName === 'Microsoft';
const dayOf = (row: Row) => (row.ChargePeriodStart ?? '').slice(0, 10);
function tagsOf(row: Row): Record<string, string> {
  if (!row.Tags || row.Tags === 'NULL') return {};
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(JSON.parse(row.Tags) as Record<string, string>))
    tags[key.trim()] = value;
  return tags;
}

let server: TestApp;
let owner: Person;
let uploadRun: { state: string; warnings: string[] };

beforeAll(async () => {
  // The sample bill is September 2024's: read it the month after, on any real date.
  server = await createTestApp({ clock: fixedClock('2024-10-15T12:00:00Z') });
  owner = await signUpVerified(server, 'owner@two-clouds.test');
  await startBusinessTrial(server, owner);
  const integrationId = await createUploadIntegration(server, owner);
  uploadRun = (await uploadFocusSample(server, owner, integrationId, FOCUS_AWS_AZURE_SAMPLE)).json();
}, 60_000);
afterAll(() => server.close());

const september = { start_date: '2024-09-01', end_date: '2024-09-30' };
async function billingData(params: Record<string, string>) {
  return callAs(server, owner)('GET', billingDataPath(owner.userId, { ...september, ...params }));
}
const totalsOf = (series: Array<{ key: string; total: number }>) =>
  Object.fromEntries(series.map((entry) => [entry.key, entry.total]));

describe('the upload of a FOCUS file with two clouds', () => {
  it("names each provider and what it cost in the run's notes, AWS first", () => {
    expect(uploadRun.state).toBe('succeeded');
    const aws = cents(usd(onAws)).toFixed(2);
    const azure = cents(usd(onAzure)).toFixed(2);
    expect(uploadRun.warnings).toContain(
      `focus_aws_azure_sample.csv: Providers: AWS $${aws}, Microsoft Azure $${azure}.`,
    );
  });
});

describe('GET /api/billing-data by provider', () => {
  it('lists the providers present, AWS first, with the names people read', async () => {
    const data = (await billingData({})).json();
    expect(data.providers).toEqual([
      { name: 'AWS', label: 'AWS' },
      { name: 'Microsoft', label: 'Microsoft Azure' },
    ]);
    expect(data.provider_filter).toEqual([]);
  });

  it('adds every provider up when none is chosen, split by service as before', async () => {
    const data = (await billingData({})).json();
    expect(data.group_by).toBe('service');
    expect(data.total).toBe(usd(() => true));
    expect(totalsOf(data.series)['Storage Accounts']).toBe(
      usd((row) => row.ServiceName === 'Storage Accounts'),
    );
  });

  it('splits the month by provider to the cent, in the series and in each day', async () => {
    const data = (await billingData({ group_by: 'provider' })).json();
    expect(data.group_by).toBe('provider');
    expect(totalsOf(data.series)).toEqual({ AWS: usd(onAws), Microsoft: usd(onAzure) });
    expect(cents(data.series[0].total)).toBe(cents(usd(onAws)));
    expect(data.total).toBe(usd(() => true));
    const azureDay = dayOf(rows.find(onAzure)!);
    const bucket = data.buckets.find((entry: { period: string }) => entry.period === azureDay);
    expect(bucket.amounts.Microsoft).toBe(usd((row) => onAzure(row) && dayOf(row) === azureDay));
  });

  it('narrows the answer to the chosen provider, in both cost bases', async () => {
    const azure = (await billingData({ provider: 'Microsoft' })).json();
    expect(azure.total).toBe(usd(onAzure));
    expect(azure.provider_filter).toEqual(['Microsoft']);
    expect(azure.providers).toHaveLength(2);
    expect(Object.keys(totalsOf(azure.series)).sort()).toEqual(
      [...new Set(rows.filter(onAzure).map((row) => row.ServiceName))].sort(),
    );
    const aws = (await billingData({ provider: 'AWS', is_amortized: 'true' })).json();
    expect(aws.total).toBe(usd(onAws, 'EffectiveCost'));
    const both = (await billingData({ provider: 'AWS, Microsoft', group_by: 'provider' })).json();
    expect(both.total).toBe(usd(() => true));
  });

  it("narrows a tag's split to the chosen provider (the tag rollups carry it)", async () => {
    const data = (await billingData({ provider: 'Microsoft', tag_key: 'env' })).json();
    const withEnv = (row: Row) => onAzure(row) && tagsOf(row).env !== undefined;
    expect(data.total).toBe(usd(onAzure));
    expect(totalsOf(data.series).untagged ?? 0).toBe(usd((row) => onAzure(row) && !withEnv(row)));
    expect(totalsOf(data.series).prod).toBe(usd((row) => withEnv(row) && tagsOf(row).env === 'prod'));
  });

  it("says where the chosen provider's data starts, and compares no month before it (decision 073)", async () => {
    // AWS from August, Azure from September: September on Azure alone has nothing before it.
    const line = (day: string, provider: string) =>
      `${day} 00:00:00,${day.slice(0, 8)}01 00:00:00,10.5,10.5,USD,Usage,Compute,${provider},111111111111,111111111111,eastus,{}`;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'two-starts-'));
    const file = path.join(folder, 'two-starts.csv');
    fs.writeFileSync(
      file,
      [
        'ChargePeriodStart,BillingPeriodStart,BilledCost,EffectiveCost,BillingCurrency,ChargeCategory,ServiceName,ProviderName,BillingAccountId,SubAccountId,RegionId,Tags',
        line('2024-08-10', 'AWS'),
        line('2024-09-10', 'AWS'),
        line('2024-09-10', 'Microsoft'),
      ].join('\n'),
    );
    const integrationId = await createUploadIntegration(server, owner);
    const upload = await uploadFocusSample(server, owner, integrationId, file);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(upload.json().state).toBe('succeeded');
    const both = (await billingData({ integration: integrationId })).json();
    expect(both.data_from).toBe('2024-08-01');
    expect(both.previous_period.not_compared).toBeNull();
    const azure = (await billingData({ integration: integrationId, provider: 'Microsoft' })).json();
    expect(azure.data_from).toBe('2024-09-01');
    expect(azure.previous_period).toMatchObject({ start_date: '2024-08-01', not_compared: 'before_data' });
    const aws = (await billingData({ integration: integrationId, provider: 'AWS' })).json();
    expect(aws.previous_period.not_compared).toBeNull();
    expect(aws.previous_period.total).toBe(10.5);
  });

  it.each([
    ['provider', { provider: '' }],
    ['provider', { provider: ' , ' }],
    ['provider', { provider: 'A'.repeat(65) }],
    ['provider', { provider: 'AWS\u0007' }],
    ['provider', { provider: Array.from({ length: 21 }, (_, index) => `P${index}`).join(',') }],
    ['group_by', { group_by: 'region' }],
    ['group_by', { group_by: 'provider', tag_key: 'env' }],
  ])('answers 400 naming %s on a bad value', async (field, params) => {
    const response = await billingData(params);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain(field);
  });
});
