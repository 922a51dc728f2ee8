import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { FOCUS_AWS_AZURE_SAMPLE, parseCsv, picoUnits } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Budgets and rules scoped to providers read only those providers' spend. The file holds
// AWS (through 2024-09-30) and Azure (through 2024-09-19); alerts judge September as of 2024-09-30.
const rows = parseCsv(fs.readFileSync(FOCUS_AWS_AZURE_SAMPLE, 'utf8'));
const centsOf = (provider: string, day?: string) => {
  const pico = rows
    .filter((row) => row.ProviderName === provider && (!day || row.ChargePeriodStart?.startsWith(day)))
    .reduce((sum, row) => sum + picoUnits(row.BilledCost ?? ''), 0n);
  return Math.round(Number(pico) / 1e10) / 100;
};
const AZURE_USD = centsOf('Microsoft');
const AWS_USD = centsOf('AWS');
const AWS_LAST_DAY_USD = centsOf('AWS', '2024-09-30');

let server: TestApp;
let owner: Person;
const as = () => callAs(server, owner);
const onlyActual100 = [{ percent: 100, basis: 'actual' }];

beforeAll(async () => {
  server = await createTestApp();
  owner = await signUpVerified(server, 'owner@scoped-budgets.test');
  await startBusinessTrial(server, owner);
  // Just under Azure's month: fires on Azure spend. Just above AWS's: all providers together would fire it.
  for (const [name, providers, amount] of [
    ['Azure', ['Microsoft'], AZURE_USD - 0.05],
    ['AWS only', ['AWS'], AWS_USD + 0.5],
  ] as const) {
    const created = await as()('POST', '/api/budgets', {
      name,
      amount_usd: amount,
      filter: { providers },
      thresholds: onlyActual100,
    });
    expect(created.statusCode).toBe(201);
  }
  for (const [name, providers] of [
    ['Azure daily', ['Microsoft']],
    ['AWS daily', ['AWS']],
  ] as const) {
    const created = await as()('POST', '/api/alert-rules', {
      kind: 'cost-threshold',
      name,
      settings: { mode: 'daily-amount', amount_usd: 0.01 },
      filter: { providers },
    });
    expect(created.statusCode).toBe(201);
  }
  const integrationId = await createUploadIntegration(server, owner);
  const upload = await uploadFocusSample(server, owner, integrationId, FOCUS_AWS_AZURE_SAMPLE);
  expect(upload.json()).toMatchObject({ state: 'succeeded' });
}, 60_000);
afterAll(() => server.close());

const notifications = async () =>
  (await as()('GET', '/api/notifications')).json().notifications as Array<{
    kind: string;
    title: string;
    summary: string;
  }>;

describe('budgets scoped to providers', () => {
  it('keeps the providers on the budget', async () => {
    const budgets = (await as()('GET', '/api/budgets')).json().budgets;
    const azure = budgets.find((budget: { name: string }) => budget.name === 'Azure');
    expect(azure.filter).toMatchObject({ providers: ['Microsoft'], account_ids: [], services: [] });
  });

  it("measures each budget on its providers' spend only, to the cent", async () => {
    const budgets = (await as()('GET', '/api/budgets')).json().budgets;
    const status = (name: string) => budgets.find((budget: { name: string }) => budget.name === name).status;
    expect(Math.round(status('Azure').actual_usd * 100) / 100).toBe(AZURE_USD);
    expect(Math.round(status('AWS only').actual_usd * 100) / 100).toBe(AWS_USD);
    expect(status('Azure')).toMatchObject({ as_of: '2024-09-30', period_key: '2024-09' });
  });

  it('fires the Azure budget on Azure spend, and not the AWS one that all spend together would cross', async () => {
    const budgetAlerts = (await notifications()).filter((entry) => entry.kind === 'budget');
    expect(budgetAlerts.map((entry) => entry.title)).toEqual([
      `Azure budget reached 100% ($${AZURE_USD.toFixed(2)} of $${(AZURE_USD - 0.05).toFixed(2)})`,
    ]);
    expect(budgetAlerts[0]!.summary).toContain('monthly budget for September 2024 (threshold 100% = ');
    expect(budgetAlerts[0]!.summary).toContain('), as of Sep 30, 2024.');
  });

  it('judges a daily threshold on its providers: AWS spent on the last day, Azure did not', async () => {
    const thresholds = (await notifications()).filter((entry) => entry.kind === 'cost-threshold');
    expect(thresholds.map((entry) => entry.title)).toEqual([
      `Daily spend $${AWS_LAST_DAY_USD.toFixed(2)} on Sep 30, 2024 crossed AWS daily`,
    ]);
  });

  it('answers 400 naming the field for a provider name that cannot be one', async () => {
    for (const providers of [[''], ['AWS,Microsoft'], ['x'.repeat(65)]]) {
      const response = await as()('POST', '/api/budgets', {
        name: 'Bad',
        amount_usd: 5,
        filter: { providers },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toContain('filter.providers');
    }
  });
});
