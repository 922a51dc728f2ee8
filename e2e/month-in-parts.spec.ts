import { expect, type Locator, type Page, test } from '@playwright/test';
import { curSampleInParts, type NamedBytes } from '../src/server/testing/month-parts-fixtures.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

const [part1, part2, part3] = curSampleInParts();
const manifest: NamedBytes = {
  name: 'report-Manifest.json',
  bytes: Buffer.from(
    JSON.stringify({
      assemblyId: 'assembly-e2e',
      billingPeriod: { start: '20231101T000000.000Z', end: '20231201T000000.000Z' },
      reportKeys: [part1, part2, part3].map(
        (part) => `cur/report/20231101-20231201/assembly-e2e/${part.name}`,
      ),
    }),
  ),
};

async function uploadOnCard(page: Page, card: Locator, file: NamedBytes): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles({
    name: file.name,
    mimeType: 'application/octet-stream',
    buffer: file.bytes,
  });
}

test('a finance lead uploads a month in three parts one after another, sees which are missing, and adds each to the month', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await signUpVerified(request, {
    email: 'month-in-parts@e2e.spendguard.test',
    name: 'Paula Parts',
  });
  await signInContext(context, token);
  await page.goto('/aws-integration');

  const first = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a billing file' }).click();
  await (await first).setFiles({ name: part1.name, mimeType: 'application/gzip', buffer: part1.bytes });
  const card = page.getByTestId('integration-card').filter({ hasText: 'report-1' });
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 60_000 });

  // The manifest alone: the month now knows it has three parts, two of them missing.
  await uploadOnCard(page, card, manifest);
  const months = card.getByTestId('month-parts');
  await expect(months).toContainText('November 2023: part 1 of 3 — parts 2, 3 missing');
  await expect(months).toContainText('Missing: report-2.csv.gz, report-3.csv.gz.');

  // Part 2 is asked about before anything is replaced.
  await uploadOnCard(page, card, part2);
  const question = card.getByTestId('add-or-replace');
  await expect(question).toContainText('report-2.csv.gz looks like another part of November 2023');
  await question.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'month-in-parts-add-or-replace');
  await question.getByRole('button', { name: 'Add to the month' }).click();
  await expect(question).toHaveCount(0);
  await expect(months).toContainText('November 2023: parts 1, 2 of 3 — part 3 missing', { timeout: 60_000 });
  await months.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'month-in-parts-part-3-missing');

  await uploadOnCard(page, card, part3);
  await expect(question).toContainText('report-3.csv.gz looks like another part of November 2023');
  await question.getByRole('button', { name: 'Add to the month' }).click();
  await expect(months).toContainText('November 2023: all 3 parts', { timeout: 60_000 });
  await expect(card.getByText('Up to date')).toBeVisible();
  await expect(card.getByTestId('last-run-failure')).toHaveCount(0);
  await months.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'month-in-parts-all-three');

  const integrations = await request.get('/api/integrations', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [integration] = await integrations.json();
  expect(integration.latest_run).toMatchObject({
    state: 'succeeded',
    files: ['report-1.csv.gz', 'report-2.csv.gz', 'report-3.csv.gz'],
    billing_periods: ['2023-11-01'],
  });
});
