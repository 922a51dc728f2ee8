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
  // The forecast is the bill's; beside it, the month-end impact the card shows, read in one render. The
  // demo is shared with other specs, which may have saved a view narrowed to a tag: this month, whole.
  await page.goto('/dashboard?mode=month&tag=all');
  await expect(card.getByTestId('launch-month-end-value')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        return (
          text('card-forecast-launches') ===
          `Bill data only: the launches above add ${text('launch-month-end-value')} if left running`
        );
      }),
    )
    .toBe(true);
  await saveScreen(page, testInfo, 'early-warning-dashboard');

  // The demo organization's launch rule mails the demo user: what, where, who, and what it costs.
  const mail = await waitForMail('demo@spendguard.io', /Launch: 8 × p4d\.24xlarge in us-east-1/, 90_000);
  expect(mail.decoded).toContain('maya.chen');
  expect(mail.decoded).toMatch(/\$[\d,]+\.\d{2} an hour/);

  // The ledger lists each instance with its price; the mail's acknowledge link works in one click.
  await card.getByRole('link', { name: /Open the launch ledger/ }).click();
  await expect(page).toHaveURL(/\/launches/);
  // The ledger's own table, not the dashboard's card that named the same type a moment before.
  await expect(page.getByTestId('launch-ledger-table').getByText('p4d.24xlarge').first()).toBeVisible();
  await saveScreen(page, testInfo, 'early-warning-ledger');

  await page.goto(new URL(linkIn(mail, '/threshold-confirmation/')).pathname);
  await expect(page.getByText(/Acknowledged: "Launch: 8 × p4d\.24xlarge/)).toBeVisible({ timeout: 30_000 });
});
