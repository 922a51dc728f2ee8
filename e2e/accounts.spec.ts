import { expect, type Page, test } from '@playwright/test';
import { tryTheDemo } from './support/demo.ts';
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

const PASSWORD = 'Correct-Horse-42';

async function signUp(page: Page, email: string, name = '  Ada   Lovelace  ') {
  await page.goto('/sign-up');
  const submit = page.getByRole('button', { name: 'Create account' });
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill('ada@invalid');
  await expect(submit).toBeDisabled();
  await page.getByLabel('E-mail').blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await expect(submit).toBeEnabled();
  await submit.click();
}

test('a new user signs up, is confined to /settings until verified, verifies by mail and signs out', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('ada');
  await signUp(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Verify your e-mail to continue')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'settings-unverified');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/settings$/);

  const mail = await waitForMail(email, /Verify your e-mail/);
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('header').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'AWS Integrations' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a person resets a forgotten password from the mailed link', async ({ page }) => {
  const email = uniqueEmail('grace');
  await signUp(page, email, 'Grace Hopper');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/sign-in\/reset$/);
  // The URL changes first; the sign-in form stays on screen until the reset page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const mail = await waitForMail(email, /Reset your Spendguard password/);
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/sign-in\/reset\?token=/);
  await page.getByLabel('New password').fill('Brand-new-Pass-7');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // On the embedded database a demo evaluation in another spec can hold the one Node thread for seconds.
  await expect(page.getByText('Could not sign in')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(/^Password/).fill('Brand-new-Pass-7');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/, { timeout: 30_000 });
});

test('a visitor tries the demo with one click', async ({ page }, testInfo) => {
  await tryTheDemo(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Dana');
  await page.goto('/settings');
  await expect(page.getByText('Not verified')).toBeVisible();
  await expect(page.getByText('The demo account’s password cannot be changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await saveScreen(page, testInfo, 'settings-demo');
});
