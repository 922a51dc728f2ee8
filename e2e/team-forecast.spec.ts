import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, eachDay, isoDayOfInstant, monthEnd } from '../src/domain/calendar-days.ts';
import { writeCur2TestFile } from '../src/server/modules/cost-data/billing-files/cur2-test-files.ts';
import { billWithSavingsPlan, PLAN_BILL_ACCOUNTS } from '../src/server/testing/savings-plan-bill.ts';
import { E2E_PASSWORD, signInContext, signUpVerified, waitForMailLink } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

const ENDING_WORDS = /^Includes \$[\d,.]+ more from [A-Z][a-z]{2} \d{1,2}, when Compute Savings Plan ends$/;

test("a team lead reads on the team page what a Savings Plan ending this month adds to the team's forecast", async ({
  page,
  context,
  request,
  browser,
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
  const teamIds: Record<string, string> = {};
  for (const [name, account] of [
    ['Workloads', PLAN_BILL_ACCOUNTS.workloads],
    ['Payer', PLAN_BILL_ACCOUNTS.payer],
  ] as const) {
    const team = await request.post('/api/teams', {
      headers,
      data: { name, scope: { account_ids: [account], tags: [] } },
    });
    expect(team.status()).toBe(201);
    teamIds[name] = ((await team.json()) as { id: string }).id;
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

  // A member of the Workloads team, invited by mail, sees on the Commitments page the payer's plan that
  // pays for their accounts' usage, with their part of it (decision 139).
  const memberEmail = uniqueEmail('workloads-member');
  const invited = await request.post('/api/organization-users', {
    headers,
    data: { users: [{ email: memberEmail, role: 'member', team_id: teamIds.Workloads }] },
  });
  expect(invited.status()).toBe(201);
  const invitation = new URL(await waitForMailLink(memberEmail, /invitation=/)).searchParams.get(
    'invitation',
  );
  const joined = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Wren Workloads', email: memberEmail, password: E2E_PASSWORD, invitation },
  });
  expect(joined.ok()).toBe(true);
  const memberContext = await browser.newContext();
  try {
    await signInContext(memberContext, ((await joined.json()) as { token: string }).token);
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/commitments');
    await expect(
      memberPage.getByRole('heading', { name: 'No commitments billed to the accounts you see' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    const row = memberPage
      .getByRole('table', { name: 'Commitments billed to other accounts' })
      .getByTestId('billed-elsewhere-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Billed to account ${PLAN_BILL_ACCOUNTS.payer}`);
    // The Workloads account holds $60 of the $90 a day the plan pays for.
    await expect(row).toContainText('66.7%');
    await saveScreen(memberPage, testInfo, 'commitments-billed-elsewhere');
    // The member downloads the table they see: the plan, the account it is billed to and their share.
    const [download] = await Promise.all([
      memberPage.waitForEvent('download'),
      memberPage
        .getByRole('button', { name: 'Download the commitments billed to other accounts as CSV' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^commitments-billed-elsewhere-.*\.csv$/);
    const csv = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[0]).toContain('Billed to account');
    expect(csv[1]).toContain(`,${PLAN_BILL_ACCOUNTS.payer},`);
    expect(csv[1]).toContain(',66.67,');
  } finally {
    await memberContext.close();
  }
});
