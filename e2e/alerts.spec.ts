import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FOCUS_SAMPLE } from '../src/server/testing/raw-billing-samples.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/** The Slack stand-in's posts (global-setup keeps each as a .json file) whose text matches. */
async function waitForSlackPost(text: RegExp, timeoutMs = 15_000): Promise<Record<string, unknown>> {
  const dir = process.env.E2E_SLACK_DIR;
  if (!dir) throw new Error('E2E_SLACK_DIR is not set: run through the Playwright global setup');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const content = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.test(content)) return JSON.parse(content);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no Slack post matching ${text}`);
}

test('a budget the uploaded spend crosses reaches mail and Slack, and the acknowledge link works', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('alerts-owner');
  const { token } = await signUpVerified(request, { email, name: 'Avery Owner' });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/billing/trial', { headers })).ok()).toBe(true);

  // The data lands first: the FOCUS sample (September 2024, $20.52) through the upload integration.
  const integration = await request.post('/api/integrations', {
    headers,
    data: { kind: 'upload', name: 'Billing exports' },
  });
  const { id: integrationId } = (await integration.json()) as { id: string };
  const upload = await request.post(`/api/integrations/${integrationId}/files`, {
    headers,
    multipart: {
      file: { name: 'focus_sample.csv', mimeType: 'text/csv', buffer: fs.readFileSync(FOCUS_SAMPLE) },
    },
  });
  expect(upload.status()).toBe(202);
  await expect
    .poll(
      async () =>
        JSON.stringify(
          await (await request.get(`/api/integrations/${integrationId}/status`, { headers })).json(),
        ),
      {
        timeout: 30_000,
      },
    )
    .toContain('succeeded');

  await signInContext(context, token);
  await page.goto('/notification');
  await expect(page.getByText('No budgets yet')).toBeVisible();
  await saveScreen(page, testInfo, 'alerts-notification-empty');

  // Slack through an incoming webhook (the local stand-in), with a test message.
  await page.goto('/slack-integrate');
  await page.getByLabel('Incoming webhook URL').fill(process.env.E2E_SLACK_WEBHOOK_URL ?? '');
  await page.getByLabel('Channel name').fill('#cost-alerts');
  await saveScreen(page, testInfo, 'alerts-slack-integrate');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/slack-setup$/);
  await page.getByRole('button', { name: 'Send test message' }).click();
  await expect(page.getByText('Test message sent to #cost-alerts.')).toBeVisible();
  await waitForSlackPost(/Spendguard test message/);
  await saveScreen(page, testInfo, 'alerts-slack-setup');

  // The budget: $30 a month; September's $20.52 crosses 50%.
  await page.goto('/notification');
  await page.getByRole('button', { name: 'New budget' }).click();
  await page.getByLabel(/^Name/).fill('Production');
  await page.getByLabel(/^Amount/).fill('30');
  await saveScreen(page, testInfo, 'alerts-budget-form');
  await page.getByRole('button', { name: 'Create budget' }).click();
  const card = page.getByTestId('budget-card').filter({ hasText: 'Production' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Exceeded').first()).toBeVisible();

  const mail = await waitForMail(email, /Production budget reached 50%/);
  expect(mail.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const post = await waitForSlackPost(/Production budget reached 50%/);
  expect(JSON.stringify(post)).toContain('/budget-alert-confirmation/');
  await page.reload();
  await expect(card.getByText(/Not yet|, 20\d\d/).first()).toBeVisible();
  await saveScreen(page, testInfo, 'alerts-notification-budgets');

  // One click on the mail's acknowledge link.
  const ackLink = new URL(linkIn(mail, '/budget-alert-confirmation/'));
  await page.goto(ackLink.pathname);
  await expect(page.getByText(/Acknowledged: "Production budget reached 50%/)).toBeVisible();
  await saveScreen(page, testInfo, 'alerts-acknowledged');

  await page.goto('/notification');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('notification-history');
  await expect(history.getByText('Production budget reached 50%')).toBeVisible();
  await expect(history.getByText(email).first()).toBeVisible();
  await saveScreen(page, testInfo, 'alerts-notification-history');
});

test('the demo user creates a budget that the simulated spend crosses, is told by mail and acknowledges it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);

  // The simulated company spends about $900 a day: a $5,000 monthly budget is crossed by the 7th.
  const name = `Demo cap ${Date.now().toString(36)}`;
  await page.goto('/notification');
  await page.getByRole('button', { name: 'New budget' }).click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Amount/).fill('5000');
  await page.getByRole('button', { name: 'Create budget' }).click();
  const card = page.getByTestId('budget-card').filter({ hasText: name });
  await expect(card.getByText('Exceeded').first()).toBeVisible();
  await saveScreen(page, testInfo, 'alerts-demo-budget');

  const mail = await waitForMail('demo@spendguard.io', new RegExp(`${name} budget reached 100%`), 30_000);
  await page.goto(new URL(linkIn(mail, '/budget-alert-confirmation/')).pathname);
  await expect(page.getByText(new RegExp(`Acknowledged: "${name} budget reached 100%`))).toBeVisible();
});
