import { expect, test } from '@playwright/test';
import { FOCUS_SAMPLE } from '../src/server/testing/raw-billing-samples.ts';
import { signInContext, signUpVerified } from './support/accounts.ts';
import { saveScreen } from './support/screens.ts';

test('a new user connects the demo AWS account, watches it sync, then uploads the FOCUS sample', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { token } = await signUpVerified(request, {
    email: 'integrations@e2e.spendguard.test',
    name: 'Ivy Integrations',
  });
  await signInContext(context, token);

  await page.goto('/aws-integration');
  await expect(page.getByRole('heading', { name: 'No AWS account connected' })).toBeVisible();
  await saveScreen(page, testInfo, 'integrations-empty');

  await page.getByRole('button', { name: 'Connect the demo AWS account' }).click();
  const demo = page.getByTestId('integration-card').filter({ hasText: 'demo AWS account' });
  await expect(demo).toBeVisible();
  await expect(demo.getByTestId('sync-progress')).toBeVisible({ timeout: 60_000 });
  await saveScreen(page, testInfo, 'integrations-syncing');
  // The demo's export is current: its newest day is still being billed.
  await expect(demo.getByTestId('fresh-through')).toHaveText(
    /^Complete through [A-Z][a-z]{2} \d{1,2}, \d{4}, [A-Z][a-z]{2} \d{1,2}( – [A-Z][a-z]{2} \d{1,2})? still arriving$/,
    { timeout: 180_000 },
  );
  await expect(demo.getByText('Up to date')).toBeVisible({ timeout: 180_000 });
  await expect(demo).toContainText('CUR export in S3');
  await expect(demo).toContainText('acme-prod');
  await saveScreen(page, testInfo, 'integrations-demo-synced');

  // The Free plan includes one integration; a Business trial allows the upload to be its own source.
  await request.post('/api/billing/trial', { headers: { authorization: `Bearer ${token}` } });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a billing file' }).click();
  await (await chooser).setFiles(FOCUS_SAMPLE);
  const uploaded = page.getByTestId('integration-card').filter({ hasText: 'focus_sample' });
  await expect(uploaded).toContainText('Uploaded files');
  // The FOCUS sample is a closed month, final to its last day.
  await expect(uploaded.getByTestId('fresh-through')).toHaveText('Through Sep 30, 2024', { timeout: 60_000 });
  await expect(uploaded.getByText('Up to date')).toBeVisible();
  await saveScreen(page, testInfo, 'integrations-uploaded');
});

test('on a server without an AWS account of its own, the setup screen hands out no role, only upload and demo; a wrong role is named', async ({
  page,
  context,
  request,
}, testInfo) => {
  const { token } = await signUpVerified(request, { email: 'setup@e2e.spendguard.test', name: 'Sam Setup' });
  await signInContext(context, token);
  // The e2e server runs the built-in simulator (no AWS configuration): its payer account is fictional.
  await page.goto('/aws-integration/setup');
  const notSetUp = page.getByTestId('aws-not-set-up');
  // Right after the demo's first sync the one Node thread may still be busy with its follow-up work.
  await expect(notSetUp).toContainText('This server is not set up for real AWS accounts', {
    timeout: 30_000,
  });
  await expect(notSetUp.getByRole('button', { name: 'Upload a billing file' })).toBeVisible();
  await expect(notSetUp.getByRole('button', { name: 'Connect the demo AWS account' })).toBeVisible();
  await expect(page.getByTestId('quick-create-link')).toHaveCount(0);
  await expect(page.getByTestId('template-preview')).toHaveCount(0);
  await expect(page.locator('a[href*="console.aws.amazon.com"]')).toHaveCount(0);
  await expect(page.getByText('281947365012')).toHaveCount(0);
  await saveScreen(page, testInfo, 'integrations-setup-not-set-up');

  // A stack deployed earlier holds the ExternalId the setup screen issued to this organization.
  await expect(page).toHaveURL(/external_id=sg-[0-9a-f]+-[0-9a-f]+/);
  const issued = new URL(page.url()).searchParams.get('external_id') ?? '';
  await page.goto(`/aws-integration/existing-stack?external_id=${issued}`);
  await page.getByLabel('Role ARN').fill('arn:aws:iam::281947365012:role/NotThere');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('access-check')).toContainText('Spendguard could not assume the role', {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Connect' })).toBeDisabled();
  await saveScreen(page, testInfo, 'integrations-existing-stack-error');
  // An ExternalId the person chose, or another organization's, is not one Spendguard issued to them.
  await page.getByLabel('ExternalId').fill('chosen-by-me');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'not an ExternalId Spendguard issued to this organization',
  );
  await page.getByLabel('ExternalId').fill(issued);
  await page.getByLabel('Role ARN').fill('arn:aws:iam::281947365012:role/SpendguardReadOnly');
  await expect(page.getByTestId('access-check')).toHaveCount(0);
});
