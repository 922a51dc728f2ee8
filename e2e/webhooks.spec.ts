import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FOCUS_SAMPLE } from '../src/server/testing/raw-billing-samples.ts';
import type { ReceivedWebhook } from '../src/server/testing/webhook-receiver.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/** The requests the webhook receiver kept (global setup writes each as a .json file) that match. */
async function waitForWebhook(matches: (entry: ReceivedWebhook) => boolean, timeoutMs = 20_000) {
  const dir = process.env.E2E_WEBHOOK_DIR;
  if (!dir) throw new Error('E2E_WEBHOOK_DIR is not set: run through the Playwright global setup');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const entry = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedWebhook;
      if (matches(entry)) return entry;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no webhook request arrived that matches');
}

test('an owner adds a signed webhook, sends a test and an alert, and sees both verified deliveries in the log', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('webhooks-owner');
  const { token } = await signUpVerified(request, { email, name: 'Wren Owner' });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/billing/trial', { headers })).ok()).toBe(true);
  const hookPath = `/e2e/${Date.now().toString(36)}`;
  const receiverBase = process.env.E2E_WEBHOOK_BASE_URL ?? '';

  await signInContext(context, token);
  await page.goto('/notification?tab=endpoints');
  await expect(page.getByText('No webhooks or Teams channels yet')).toBeVisible();

  // The endpoint, added on the screen; its secret is shown once and handed to the receiver.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByLabel(/^Name/).fill('On-call relay');
  await page.getByLabel(/^Endpoint URL/).fill(`${receiverBase}${hookPath}`);
  await page.getByRole('checkbox', { name: 'Idle EC2' }).uncheck();
  await saveScreen(page, testInfo, 'webhooks-add-endpoint');
  await page.getByRole('button', { name: 'Add endpoint' }).last().click();
  const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await saveScreen(page, testInfo, 'webhooks-secret-once');
  const trusted = await request.post(`${receiverBase}/_trust`, { data: { path: hookPath, secret } });
  expect(trusted.status()).toBe(204);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  const card = page.getByTestId('endpoint-card').filter({ hasText: 'On-call relay' });
  await expect(card.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A test delivery: the receiver checks the signature on its own, the log shows its answer.
  await card.getByRole('button', { name: 'Send test' }).click();
  const log = card.getByTestId('delivery-log');
  await expect(log.getByTestId('delivery-state').first()).toHaveText('delivered');
  await expect(log.getByText(/^200 · /).first()).toBeVisible();
  const testDelivery = await waitForWebhook((entry) => entry.path === hookPath && entry.body.type === 'test');
  expect(testDelivery.signatureVerified).toBe(true);

  // A real alert: a $30 budget and September's $20.52 of spend cross 50%.
  const integration = await request.post('/api/integrations', {
    headers,
    data: { kind: 'upload', name: 'Billing exports' },
  });
  const { id: integrationId } = (await integration.json()) as { id: string };
  expect(
    (await request.post('/api/budgets', { headers, data: { name: 'Production', amount_usd: 30 } })).ok(),
  ).toBe(true);
  const upload = await request.post(`/api/integrations/${integrationId}/files`, {
    headers,
    multipart: {
      file: { name: 'focus_sample.csv', mimeType: 'text/csv', buffer: fs.readFileSync(FOCUS_SAMPLE) },
    },
  });
  expect(upload.status()).toBe(202);
  const alert = await waitForWebhook(
    (entry) => entry.path === hookPath && /Production budget reached 50%/.test(entry.raw),
    40_000,
  );
  expect(alert.signatureVerified).toBe(true);
  expect(alert.body).toMatchObject({ schema_version: 1, type: 'alert.fired' });
  expect(JSON.stringify(alert.body)).toContain('/budget-alert-confirmation/');

  await page.reload();
  await card.getByRole('button', { name: 'Delivery log' }).click();
  await expect(log.getByText('Production budget reached 50%', { exact: false }).first()).toBeVisible();
  await expect(log.getByTestId('delivery-state').first()).toHaveText('delivered');
  // The log opens as it slides down: read once its first row is whole.
  await expect(log.getByRole('button', { name: 'Redeliver' }).first()).toBeInViewport({ ratio: 1 });
  await saveScreen(page, testInfo, 'webhooks-delivery-log');

  // Redeliver the test from the log.
  const testRow = log.getByRole('row').filter({ hasText: 'Spendguard test delivery' });
  await testRow.getByRole('button', { name: 'Redeliver' }).click();
  await expect(testRow.getByText(/^200 · /)).toHaveCount(2);

  // The endpoint's alerts and digest can be changed later.
  await card.getByRole('button', { name: 'Actions for On-call relay' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('combobox', { name: 'Spend digest' }).click();
  await page.getByRole('option', { name: 'Weekly, on Mondays' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Weekly digest')).toBeVisible();

  // On a phone the same screen stacks each delivery.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(log.getByTestId('delivery-state').first()).toBeVisible();
  await saveScreen(page, testInfo, 'webhooks-delivery-log-phone');
});
