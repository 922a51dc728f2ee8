import { expect, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

test('a visitor launches a GPU burst in the demo: the dashboard shows it live and the alert arrives by mail', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);

  await page.getByRole('button', { name: 'Launch a GPU burst' }).click();
  await expect(page.getByText(/8 × p4d\.24xlarge launched in us-east-1/)).toBeVisible({ timeout: 30_000 });

  // The events travel through the demo account's SQS queue; the card refreshes itself while it is shown.
  const card = page.getByTestId('launches-card');
  await expect(card.getByText('Launched since your bill data')).toBeVisible({ timeout: 90_000 });
  await expect(card.getByText(/8 × p4d\.24xlarge/).first()).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/by maya\.chen/).first()).toBeVisible();
  await saveScreen(page, testInfo, 'early-warning-dashboard');

  // The demo organization's launch rule mails the demo user: what, where, who, and what it costs.
  const mail = await waitForMail('demo@spendguard.io', /Launch: 8 × p4d\.24xlarge in us-east-1/, 90_000);
  expect(mail.decoded).toContain('maya.chen');
  expect(mail.decoded).toMatch(/\$[\d,]+\.\d{2} an hour/);

  // The ledger lists each instance with its price; the mail's acknowledge link works in one click.
  await card.getByRole('link', { name: /Open the launch ledger/ }).click();
  await expect(page).toHaveURL(/\/launches/);
  await expect(page.getByText('p4d.24xlarge').first()).toBeVisible();
  await saveScreen(page, testInfo, 'early-warning-ledger');

  await page.goto(new URL(linkIn(mail, '/threshold-confirmation/')).pathname);
  await expect(page.getByText(/Acknowledged: "Launch: 8 × p4d\.24xlarge/)).toBeVisible({ timeout: 30_000 });
});
