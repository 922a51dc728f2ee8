import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { FOCUS_AWS_AZURE_SAMPLE, parseCsv, picoUnits } from '../src/server/testing/raw-billing-samples.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

/** Dollars and cents of one provider's billed cost, added up from the file itself. */
function usdOf(provider: string): string {
  const pico = parseCsv(fs.readFileSync(FOCUS_AWS_AZURE_SAMPLE, 'utf8'))
    .filter((row) => row.ProviderName === provider)
    .reduce((sum, row) => sum + picoUnits(row.BilledCost ?? ''), 0n);
  return `$${(Math.round(Number(pico) / 1e10) / 100).toFixed(2)}`;
}

const spendTableRow = (page: Page, name: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: name });

test('a finance lead uploads a FOCUS file of AWS and Azure, splits the dashboard by provider, narrows it to Azure on a desk and on a phone, and budgets Azure alone', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await signUpVerified(request, {
    email: 'two-clouds@e2e.spendguard.test',
    name: 'Tomas Twoclouds',
  });
  await signInContext(context, token);
  // The Business trial's history shows September 2024, the month of the file.
  await request.post('/api/billing/trial', { headers: { authorization: `Bearer ${token}` } });
  const aws = usdOf('AWS');
  const azure = usdOf('Microsoft');

  await page.goto('/aws-integration');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a billing file' }).click();
  await (await chooser).setFiles(FOCUS_AWS_AZURE_SAMPLE);
  const card = page.getByTestId('integration-card').filter({ hasText: 'focus_aws_azure_sample' });
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByTestId('run-notes')).toContainText(
    `Providers: AWS ${aws}, Microsoft Azure ${azure}.`,
  );

  await page.goto('/dashboard?mode=month&start=2024-09-01');
  // Another spec's demo sync can hold the embedded database while it swaps in 13 billing periods; the
  // dashboard shows its skeleton meanwhile, and a person waits for the numbers (decision 054).
  const providers = page.getByLabel('Providers', { exact: true }).first();
  await expect(providers).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Group by', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Group by provider' }).click();
  await expect(page.getByText('Daily spend by provider')).toBeVisible({ timeout: 30_000 });
  await expect(spendTableRow(page, 'Microsoft Azure')).toContainText(azure);
  await expect(spendTableRow(page, 'AWS')).toContainText(aws);
  await saveScreen(page, testInfo, 'dashboard-split-by-provider');

  await providers.click();
  await page.getByRole('option', { name: 'Microsoft Azure' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/providers=Microsoft/);
  await expect(spendTableRow(page, 'AWS')).toHaveCount(0);
  await expect(spendTableRow(page, 'Microsoft Azure')).toContainText(azure);
  await saveScreen(page, testInfo, 'dashboard-azure-only');

  // The same view on a phone: the controls wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Providers', { exact: true }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await saveScreen(page, testInfo, 'dashboard-providers-phone');

  // A budget on Azure alone: September's Azure spend crosses it, AWS's does not count.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/notification');
  await page.getByRole('button', { name: 'New budget' }).click();
  await page.getByLabel(/^Name/).fill('Azure');
  await page.getByLabel(/^Amount/).fill('2');
  await page.getByLabel('Clouds', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Microsoft Azure' }).click();
  await page.keyboard.press('Escape');
  await saveScreen(page, testInfo, 'budget-form-clouds');
  await page.getByRole('button', { name: 'Create budget' }).click();
  const budget = page.getByTestId('budget-card').filter({ hasText: 'Azure' });
  await expect(budget).toContainText('Microsoft Azure');
  await expect(budget).toContainText(azure);
  await saveScreen(page, testInfo, 'budget-scoped-to-azure');
});
