import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, eachDay, isoDayOfInstant, monthEnd } from '../src/domain/calendar-days.ts';
import { writeCur2TestFile } from '../src/server/modules/cost-data/billing-files/cur2-test-files.ts';
import { billWithSavingsPlan, PLAN_BILL_ACCOUNTS } from '../src/server/testing/savings-plan-bill.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

const ENDING_WORDS = /^Includes \$[\d,.]+ more from [A-Z][a-z]{2} \d{1,2}, when Compute Savings Plan ends$/;

test("a team lead reads on the team page what a Savings Plan ending this month adds to the team's forecast", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await signUpVerified(request, {
    email: uniqueEmail('team-forecast'),
    name: 'Tess Teams',
  });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/billing/trial', { headers })).ok()).toBe(true);

  // The server forecasts the month holding its own today: the last two weeks' bill, with a plan ending on
  // the month's last day.
  const today = isoDayOfInstant(new Date());
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'team-forecast-')), 'plan-ending.parquet');
  const bill = billWithSavingsPlan(
    eachDay(addDays(today, -14), addDays(today, -1)),
    `${monthEnd(today)}T00:00:00.000Z`,
  );
  await writeCur2TestFile(file, bill, 'parquet');
  const created = await request.post('/api/integrations', {
    headers,
    data: { kind: 'upload', name: 'Bill' },
  });
  const { id } = (await created.json()) as { id: string };
  const upload = await request.post(`/api/integrations/${id}/files`, {
    headers,
    multipart: {
      file: {
        name: 'plan-ending.parquet',
        mimeType: 'application/octet-stream',
        buffer: fs.readFileSync(file),
      },
    },
  });
  expect(upload.status()).toBe(202);
  await expect
    .poll(
      async () =>
        JSON.stringify(await (await request.get(`/api/integrations/${id}/status`, { headers })).json()),
      {
        timeout: 60_000,
      },
    )
    .toContain('succeeded');
  for (const [name, account] of [
    ['Workloads', PLAN_BILL_ACCOUNTS.workloads],
    ['Payer', PLAN_BILL_ACCOUNTS.payer],
  ] as const) {
    const team = await request.post('/api/teams', {
      headers,
      data: { name, scope: { account_ids: [account], tags: [] } },
    });
    expect(team.status()).toBe(201);
  }

  await signInContext(context, token);
  // The team whose accounts hold usage the plan paid for reads its part, in the dashboard card's words.
  await page.goto('/teams/workloads');
  const line = page.getByTestId('team-forecast-commitment-end');
  await expect(line).toHaveText(ENDING_WORDS, { timeout: 30_000 });
  await expect(page.getByTestId('team-forecast')).toBeVisible();
  await saveScreen(page, testInfo, 'team-forecast-commitment-end');

  // The fee's own account holds none of that usage: its forecast names no end.
  await page.goto('/teams/payer');
  await expect(page.getByTestId('team-forecast')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('team-forecast-commitment-end')).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByTestId('card-forecast-commitment-end')).toHaveText(ENDING_WORDS, {
    timeout: 30_000,
  });
});
