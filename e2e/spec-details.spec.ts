import { expect, type Page, test } from '@playwright/test';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/** Details of e-mail fields, error reports and the session that slipped once, in a real browser. */

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

test('sign-in and password reset say why an address is refused as the field is left', async ({ page }) => {
  for (const [path, button] of [
    ['/sign-in', 'Sign in'],
    ['/sign-in/reset', 'Send the reset link'],
  ] as const) {
    await page.goto(path);
    const email = page.getByLabel('E-mail');
    await email.fill('bad@example');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByRole('button', { name: button })).toBeDisabled();
    await email.fill('good@example.com');
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();
  }
});

test('a visitor browses the public pages without a single console error', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  for (const path of ['/', '/about', '/sign-in', '/blog']) {
    await page.goto(path);
    // Each page arrives as its own chunk: on a busy machine a person waits a while for it.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible({ timeout: 30_000 });
  }
  expect(errors).toEqual([]);
});

test('a page whose script does not arrive is reported once', async ({ page }) => {
  const reports: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/client-errors')) reports.push(request.postDataJSON());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.route(/\/assets\/terms-page-[^/]*\.js$/, (route) => route.abort());
  await page.locator('footer').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => reports.length).toBeGreaterThan(0);
  // The error screen's own report is the last one sent: by then any second report would have gone too.
  expect(reports).toEqual([expect.objectContaining({ kind: 'chunk-load', path: '/terms-and-conditions' })]);
});

test('a failed session load is shown with a retry, and the person stays signed in', async ({
  page,
  request,
}, testInfo) => {
  const { token } = await signUpVerified(request, { email: uniqueEmail('session'), name: 'Sid Session' });
  await signInContext(page.context(), token);
  await page.route('**/api/users/me', (route) =>
    route.fulfill({
      status: 500,
      json: { Code: 'InternalError', Message: 'The database did not answer.' },
    }),
  );
  await page.goto('/dashboard');
  await expect(page.getByText('Your session could not be loaded')).toBeVisible();
  await expect(page.getByText('The database did not answer.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => window.localStorage.getItem('spendguard.session'))).toBe(token);
  await saveScreen(page, testInfo, 'session-load-error');

  await page.unroute('**/api/users/me');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('with the subscription expired the help widget explains it and offers e-mail', async ({
  page,
  request,
}, testInfo) => {
  const { token } = await signUpVerified(request, { email: uniqueEmail('lapsed'), name: 'Lou Lapsed' });
  await signInContext(page.context(), token);
  // The server's own 402 for an expired plan (docs/decisions/007), answered at the network edge.
  await page.route('**/api/messages?*', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 402, json: { Code: 'SubscriptionExpired', Message: 'Subscription Expired' } })
      : route.continue(),
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Contact us' }).click();
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(page.getByText('Chat is paused: Subscription Expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@spendguard.io' })).toHaveAttribute(
    'href',
    'mailto:hello@spendguard.io',
  );
  await expect(page.getByText('The conversation could not be loaded')).toHaveCount(0);
  await saveScreen(page, testInfo, 'help-widget-subscription-expired');
  expect(errors).toEqual([]);
});
