import { expect, test } from '@playwright/test';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

const run = Date.now();

test.describe('API tokens for scripts and CI', () => {
  test('an owner creates a token, sees it once, and finds it listed with its last use after a script calls the API', async ({
    page,
    context,
    playwright,
    baseURL,
  }, testInfo) => {
    // Sign-up, a mailed verification link and a few screens on a shared 2-core machine.
    test.setTimeout(120_000);
    const { token: session } = await signUpVerified(page.request, {
      email: `owner-${run}@tokens.test`,
      name: 'Olivia Owner',
    });
    await signInContext(context, session);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    await expect(page.getByText('No API token yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API token' });
    await dialog.getByLabel('Name').fill('Terraform in CI');
    await dialog.getByRole('checkbox', { name: /Write budgets and alert rules/ }).check();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByTestId('new-token-secret');
    await expect(shown).toHaveText(/^sg_[A-Za-z0-9_-]{43}$/);
    const secret = (await shown.textContent()) ?? '';
    await expect(page.getByText('This is the only time it is shown')).toBeVisible();
    await saveScreen(page, testInfo, 'api-tokens-secret-shown');

    // A script somewhere else: no browser session, only the token.
    const script = await playwright.request.newContext({ baseURL });
    const budgets = await script.get('/api/budgets', { headers: { authorization: `Bearer ${secret}` } });
    expect(budgets.status()).toBe(200);
    const account = await script.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(account.status()).toBe(403);
    await script.dispose();

    await page.reload();
    const row = page.getByRole('row', { name: /Terraform in CI.*Active/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('costs:read')).toBeVisible();
    await expect(row.getByText('budgets:write')).toBeVisible();
    await expect(row.getByText(/seconds? ago|a minute ago/)).toBeVisible();
    await expect(row.getByText(`sg_…${secret.slice(-4)}`)).toBeVisible();
    // Shown once: after a reload the secret is nowhere on the page.
    expect(await page.content()).not.toContain(secret);
    await expect(page.getByRole('row', { name: /Created.*Terraform in CI.*Olivia Owner/ })).toBeVisible();
    await saveScreen(page, testInfo, 'api-tokens-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Terraform in CI').first()).toBeVisible();
    await saveScreen(page, testInfo, 'api-tokens-phone');
  });
});
