import { expect, type Page, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

/**
 * The demo's waste beyond EC2 (volumes, snapshots, Elastic IPs, a quiet NAT gateway, idle load balancers,
 * an idle database, public IPv4 on idle interfaces, an old-generation instance) in the one list beside the EC2
 * findings and Compute Optimizer's, each with a monthly figure, an owner and its source; one set aside with
 * a reason, then put back.
 */

const everyRecommendation = (page: Page) => page.getByRole('table', { name: 'Every recommendation' });
const rowOf = (page: Page, text: string) =>
  everyRecommendation(page).getByRole('row').filter({ hasText: text });

test('the demo lists waste of every kind with its figure and owner, and one is set aside with a reason', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.locator('header').getByRole('link', { name: 'Recommendations' }).click();
  await expect(page).toHaveURL(/\/ec2-rightsizing-recommendation$/);
  await expect(rowOf(page, 'jenkins-old-data')).toBeVisible();

  for (const kind of [
    'Idle instance',
    'Unattached volume',
    'gp2 → gp3',
    'Old snapshot',
    'Idle Elastic IP',
    'Idle NAT gateway',
    'Idle load balancer',
    'Idle database',
    'Idle public IPv4',
  ]) {
    await expect(everyRecommendation(page).getByText(kind).first()).toBeVisible();
  }
  await expect(rowOf(page, 'jenkins-old-data')).toContainText('$40.00');
  await expect(rowOf(page, 'legacy-vpn')).toContainText(/\$3\.\d\d/);
  await expect(rowOf(page, 'etl-scratch-2025').first()).toContainText('746251839027');
  await expect(rowOf(page, 'reports-replica-db')).toContainText('No connection for');
  // legacy-reports is oversized and of a previous generation: one row, the larger saving (decision 119).
  await expect(rowOf(page, 'legacy-reports')).toHaveCount(1);
  await expect(rowOf(page, 'legacy-reports')).toContainText(
    'Moving to the current generation would instead save',
  );
  await expect(everyRecommendation(page).getByText('Price unknown').first()).toBeVisible();
  // Compute Optimizer's recommendations sit beside Spendguard's, each with its source (decision 124): a
  // Graviton move for the busy web tier, which only AWS suggests, stands alone; a broker both flag is one
  // row at Spendguard's figure, AWS's estimate named in its reason.
  const webTier = rowOf(page, 'web-prod-1').filter({ hasText: 'recommends m6g.xlarge instead of m5.xlarge' });
  await expect(webTier).toHaveCount(1);
  await expect(webTier).toContainText('Compute Optimizer');
  await expect(webTier).toContainText(/\$27\.7\d/);
  const broker = rowOf(page, 'kafka-broker-2');
  await expect(broker).toHaveCount(1);
  await expect(broker).toContainText('Spendguard');
  await expect(broker).toContainText('Compute Optimizer flags it too');
  // acme-staging has neither of AWS's recommendation services on: one note names both and what each brings.
  const servicesOff = page
    .getByRole('alert')
    .filter({ hasText: 'Compute Optimizer and Cost Optimization Hub are off' });
  await expect(servicesOff).toHaveCount(1);
  await expect(servicesOff).toContainText('Account 593018274650 has both turned off');
  await expect(page.getByText('Compute Optimizer is off', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Cost Optimization Hub is off', { exact: true })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 1400 });
  await saveScreen(page, testInfo, 'waste-recommendations');

  await rowOf(page, 'legacy-vpn').getByRole('button', { name: 'Set aside' }).click();
  await page.getByRole('menuitem', { name: 'Mark as expected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Kept for the partner VPN cut-over in January');
  await dialog.getByRole('button', { name: 'Expected' }).click();
  await expect(page.getByText('legacy-vpn is marked as expected.')).toBeVisible();
  await expect(rowOf(page, 'legacy-vpn')).toHaveCount(0);

  // The demo organization is shared: put it back for the next visitor.
  await page.getByRole('switch', { name: 'Show those set aside' }).click();
  await expect(rowOf(page, 'legacy-vpn')).toContainText('partner VPN cut-over');
  await rowOf(page, 'legacy-vpn').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('legacy-vpn is back in the list.')).toBeVisible();

  // A long reason is held to two lines until "more" opens it.
  const replica = rowOf(page, 'reports-replica-db');
  await replica.getByRole('button', { name: 'more' }).click();
  await expect(replica.getByRole('button', { name: 'less' })).toBeVisible();

  // The tag filter narrows the list to the resources carrying it.
  await page.getByPlaceholder('Any tag').fill('project=shared-network');
  await page.getByRole('option', { name: 'project=shared-network' }).click();
  await expect(rowOf(page, 'legacy-vpn')).toBeVisible();
  await expect(rowOf(page, 'jenkins-old-data')).toHaveCount(0);
  await saveScreen(page, testInfo, 'waste-recommendations-by-tag');

  // The thresholds: a value out of range is named beside its field, and nothing is saved.
  await page.getByRole('button', { name: 'Thresholds' }).click();
  const thresholds = page.getByRole('dialog', { name: 'Waste thresholds' });
  await expect(thresholds.getByLabel('Unattached volumes')).toHaveValue('7 days');
  await thresholds.getByLabel('Idle database').fill('15');
  await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(thresholds.getByText(/^database_idle_days: /)).toBeVisible();
  await saveScreen(page, testInfo, 'waste-thresholds');
  await thresholds.getByRole('button', { name: 'Cancel' }).click();
  await expect(thresholds).toBeHidden();
});

test("the digest preview names the demo's waste with its figure, the rule that flagged it and the total", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.goto('/notification?tab=preferences');
  await page.getByRole('button', { name: 'Preview my daily digest' }).click();
  const preview = page.getByRole('region', { name: 'Digest preview' });
  // The demo visitor is its organization's owner: the whole organization's waste, of every kind.
  await expect(
    preview.getByText(/^Waste across the organization: \d+ findings, \$[\d,.]+ a month/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    preview.getByText(
      /^• Unattached volume jenkins-old-data \(vol-[0-9a-f]+\): \$40\.00 a month\. Unattached for \d+ days/,
    ),
  ).toBeVisible();
  await expect(
    preview.getByText(/^• Unattached volume etl-scratch-2025 \(vol-[0-9a-f]+\): \$100\.00 a month/),
  ).toBeVisible();
  await expect(preview.getByText('Savings Plans and reservations:')).toBeVisible();
  await expect(preview.getByText(/^• Compute Savings Plan \S+ ends in \d+ days?/)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 1600 });
  await saveScreen(page, testInfo, 'digest-preview');
});
