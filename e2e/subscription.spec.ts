import { expect, type Page, test } from '@playwright/test';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/** A verified owner of a new organization, signed in in this page. */
async function signInNewOwner(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const baseUrl = process.env.E2E_BASE_URL ?? '';
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Paula Payer', email, password: 'Correct-Horse-42' },
    headers: { origin: baseUrl },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('spendguard.session', value), token);
  await page.goto(linkIn(await waitForMail(email, /Verify your e-mail/), '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

test('a trial user upgrades through Stripe Checkout, the webhook arrives and the plan changes on screen', async ({
  page,
}, testInfo) => {
  await signInNewOwner(page, 'payer');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free');

  await page.getByRole('button', { name: 'Start 14-day trial' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Trial');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Business trial');
  await expect(page.getByText(/Trial ends in 14 days/)).toBeVisible();
  await saveScreen(page, testInfo, 'subscription-trial');

  // Paying during the trial keeps its days: the first charge comes when it would have ended.
  await page.getByRole('button', { name: 'Pay $49.00 / month' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  await expect(page.getByText(/^Free until \d{4}-\d{2}-\d{2}, then \$49\.00 per month$/)).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  await expect(page.getByText('Thank you: Business is yours')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Business monthly');
  await expect(page.getByTestId('subscription-state')).toHaveText('Active');
  await expect(page.getByText(/^The trial's days are kept: the first charge is on /)).toBeVisible();
  const invoice = page.getByRole('region', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(invoice).toContainText(/SG-\d+/);
  await expect(invoice).toContainText('$0.00');
  await expect(invoice).toContainText('paid');
  await expect(page.getByRole('button', { name: 'Manage card and invoices' })).toBeVisible();
  await saveScreen(page, testInfo, 'subscription-business');

  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Ending');
  await expect(page.getByText(/: it will not renew\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(page.getByTestId('subscription-state')).toHaveText('Active');
});

test('the owner reads the credit balance and is told why a code is refused', async ({ page }, testInfo) => {
  await signInNewOwner(page, 'credits');
  await page.goto('/subscription');
  await page.getByRole('link', { name: 'Credits' }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId('credit-balance')).toHaveText('$0.00');
  await page.getByRole('textbox', { name: 'Credit code' }).fill('SG-AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(
    page.getByText('there is no credit code SG-AAAA-BBBB-CCCC. Check it for typos.'),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'credits');
});
