import { expect, type Page, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { waitForMail } from './support/mailbox.ts';
import { saveScreen } from './support/screens.ts';

/**
 * The simulated company's bill holds three commitments (decision 098): a Compute Savings Plan that ends
 * within 60 days, an RDS reservation with one of its three unused, and an EC2 Instance Savings Plan
 * bought two days before, still returnable. The AWS APIs list those three too, and (decision 122) a
 * Compute Savings Plan queued to start, and an EC2 reservation retired before the billed months.
 */

const rowOf = (page: Page, type: string) =>
  page.getByRole('table', { name: 'Commitments' }).getByTestId('commitment-row').filter({ hasText: type });

test('the demo user sees the commitments that end, waste and can be returned', async ({ page }, testInfo) => {
  // The first sync may still be running.
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.locator('header').getByRole('link', { name: 'Commitments' }).click();
  await expect(page).toHaveURL(/\/commitments$/);
  await expect(page.getByRole('heading', { name: 'Commitments' })).toBeVisible();
  const endingPlan = rowOf(page, 'Compute Savings Plan').filter({ hasNotText: 'Queued' });
  await expect(endingPlan).toContainText(/\(in \d+ days?\)/);
  await expect(endingPlan.getByTestId('commitment-source')).toHaveText('Bill and AWS API');
  // Bought and queued: only the Savings Plans API knows it, with the day it starts.
  const queuedPlan = rowOf(page, 'Compute Savings Plan').filter({ hasText: 'Queued' });
  await expect(queuedPlan.getByTestId('commitment-state')).toHaveText(
    /^Queued, starts [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  );
  await expect(queuedPlan.getByTestId('commitment-source')).toHaveText('AWS API');
  await expect(queuedPlan).toContainText('$1.20/hour');
  await expect(rowOf(page, 'EC2 Reserved Instance').getByTestId('commitment-state')).toHaveText('Retired');
  await expect(rowOf(page, 'RDS Reserved Instance')).toContainText('3 reserved');
  await expect(rowOf(page, 'EC2 Instance Savings Plan')).toContainText('Returnable until');
  await expect(rowOf(page, 'EC2 Instance Savings Plan')).toContainText('0.0%');
  await expect(page.getByText('Ending within 60 days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await saveScreen(page, testInfo, 'commitments');

  // The demo organization's commitments rule (decision 105) mails the plan's end at its lead time.
  const mail = await waitForMail('demo@spendguard.io', /Compute Savings Plan ends in \d+ days? \(/, 120_000);
  expect(mail.decoded).toMatch(/It covers usage worth \$[\d,.]+ a month at On-Demand prices/);
  expect(mail.decoded).toMatch(/the same usage costs \$[\d,.]+ a month more/);

  // The rules screen lists that rule.
  await page.goto('/notification');
  await expect(
    page.getByText(
      'Savings Plans and reservations ending (60, 30, 7, 1 days ahead), used below 80%, still returnable',
    ),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'commitments-rules-list');

  // A person adds their own commitments rule through the rule form: two lead times, a stricter
  // utilization, no return window.
  await page.getByRole('button', { name: 'New alert' }).click();
  const form = page.getByRole('dialog', { name: 'New alert' });
  await form.getByRole('combobox', { name: 'Alert on' }).click();
  await page
    .getByRole('option', { name: 'Savings Plans and reservations (end, utilization, return)' })
    .click();
  await form.getByRole('textbox', { name: 'Days before the end' }).fill('30, 7');
  await form.getByRole('textbox', { name: 'Utilization below (percent)' }).fill('90');
  await form.getByRole('textbox', { name: 'on each of the last' }).fill('3');
  await form.getByRole('checkbox', { name: /can still be returned/ }).uncheck();
  await saveScreen(page, testInfo, 'commitments-rule-form');
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByTestId('alert-rule').filter({
      hasText: 'When a commitment ends in 30, 7 days, or it is used below 90% for 3 days',
    }),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'commitments-rule-created');
});
