import { expect, test } from '@playwright/test';
import { tryTheDemo } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

/**
 * A launch rule with an automatic stop (decision 121), set through the rule form: a dry run first,
 * then on, in one account only; the rule list says what it will do.
 */
test('a person gives a launch rule an automatic stop, as a dry run, then on for one account', async ({
  page,
}, testInfo) => {
  await tryTheDemo(page);
  await page.goto('/notification');
  await page.getByRole('button', { name: 'New alert' }).click();
  const form = page.getByRole('dialog', { name: 'New alert' });
  await form.getByRole('combobox', { name: 'Alert on' }).click();
  await page.getByRole('option', { name: 'Costly launches (live, before the bill)' }).click();
  await form.getByRole('textbox', { name: 'One launch adds more than (USD an hour)' }).fill('100');
  await form.getByRole('combobox', { name: 'Automatic stop' }).click();
  await page.getByRole('option', { name: 'Dry run: record what it would have stopped' }).click();
  await form.getByRole('textbox', { name: 'After' }).fill('30');
  await saveScreen(page, testInfo, 'automatic-stop-rule-form');
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(form).toBeHidden();
  const rule = page
    .getByTestId('alert-rule')
    .filter({ hasText: 'records what it would stop after 30 min (dry run)' });
  await expect(rule).toContainText('When a launch adds more than $100.00 an hour');

  // A value the policy cannot take is named beside the form, and nothing is saved.
  await page.getByRole('button', { name: 'New alert' }).click();
  await form.getByRole('combobox', { name: 'Alert on' }).click();
  await page.getByRole('option', { name: 'Costly launches (live, before the bill)' }).click();
  await form.getByRole('combobox', { name: 'Automatic stop' }).click();
  await page.getByRole('option', { name: 'On: stop them unless someone keeps them running' }).click();
  await form.getByRole('textbox', { name: 'In these accounts only' }).fill('123');
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(form.getByText(/auto_stop\.account_ids\.0: must be a 12-digit AWS account id/)).toBeVisible();
  await form.getByRole('textbox', { name: 'In these accounts only' }).fill('111122223333');
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByTestId('alert-rule').filter({
      hasText: 'stops them in 111122223333 after 15 min unless someone keeps them',
    }),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'automatic-stop-rules');
});
