import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { FOCUS_SAMPLE } from '../src/server/testing/raw-billing-samples.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

/** The FOCUS sample cut exactly at a line end: well-formed, but a quarter of the month. */
function cutFocusSample(): Buffer {
  const lines = fs.readFileSync(FOCUS_SAMPLE, 'utf8').split('\n');
  return Buffer.from(`${lines.slice(0, Math.ceil(lines.length / 4)).join('\n')}\n`);
}

test('a finance lead sees a shorter file held on the integration card, confirms it, and sees an empty file refused there', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await signUpVerified(request, {
    email: 'held-upload@e2e.spendguard.test',
    name: 'Hana Held',
  });
  await signInContext(context, token);
  // The Business trial's history shows September 2024, the month of the FOCUS sample.
  await request.post('/api/billing/trial', { headers: { authorization: `Bearer ${token}` } });

  await page.goto('/aws-integration');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a billing file' }).click();
  await (await chooser).setFiles(FOCUS_SAMPLE);
  const card = page.getByTestId('integration-card').filter({ hasText: 'focus_sample' });
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });

  const shorter = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload a file' }).click();
  await (await shorter).setFiles({ name: 'focus-cut.csv', mimeType: 'text/csv', buffer: cutFocusSample() });
  const held = card.getByTestId('held-upload');
  await expect(held).toBeVisible({ timeout: 60_000 });
  await expect(held).toContainText('focus-cut.csv would lower');
  await expect(held).toContainText('September 2024');
  await expect(card.getByText('Replacement on hold')).toBeVisible();
  await expect(card.getByText('Up to date')).toBeVisible();
  await held.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'integrations-held-replacement');

  await held.getByRole('button', { name: 'Replace with the new file' }).click();
  await expect(held).toHaveCount(0, { timeout: 60_000 });
  await expect(card.getByTestId('run-notes')).toContainText(
    'Replaced on confirmation: the September 2024 bill',
    {
      timeout: 60_000,
    },
  );
  await expect(card.getByText('Replacement on hold')).toHaveCount(0);
  await saveScreen(page, testInfo, 'integrations-held-replacement-confirmed');

  const empty = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload a file' }).click();
  await (await empty).setFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(card.getByTestId('upload-refused')).toHaveText(
    /^Upload refused\s*The uploaded file is empty\.$/,
  );
  await saveScreen(page, testInfo, 'integrations-empty-upload-refused');

  // From the page's own button the refusal is a toast, and no empty integration is left behind for it.
  await page.reload();
  await expect(card.getByTestId('upload-refused')).toHaveCount(0);
  const headerEmpty = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a billing file' }).click();
  await (await headerEmpty).setFiles({ name: 'blank.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert').filter({ hasText: 'The uploaded file is empty.' })).toBeVisible();
  const integrations = await request.get('/api/integrations', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await integrations.json()).map((integration: { name: string }) => integration.name)).toEqual([
    'focus_sample',
  ]);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['focus_sample']);
});
