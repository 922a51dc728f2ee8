import { expect, type Page, test } from '@playwright/test';
import { tryTheDemo, waitForDemoSync } from './support/demo.ts';
import { saveScreen } from './support/screens.ts';

/**
 * The demo organization's AWS integration syncs from the in-process simulator when the server starts
 * (costs, then the EC2 fleet and its metrics): the planted instances show once that first sync ends.
 */

const findingsTable = (page: Page) => page.getByRole('table', { name: 'EC2 findings' });
const rowOf = (page: Page, name: string) => findingsTable(page).getByRole('row').filter({ hasText: name });

async function openRecommendationsAsDemo(page: Page) {
  await tryTheDemo(page);
  await waitForDemoSync(page);
  await page.locator('header').getByRole('link', { name: 'Recommendations' }).click();
  await expect(page).toHaveURL(/\/ec2-rightsizing-recommendation$/);
  await expect(rowOf(page, 'jenkins-old')).toBeVisible();
}

test('the demo user sees the planted findings, opens one and dismisses one', async ({ page }, testInfo) => {
  // The first sync may still be running: allow for the wait above.
  test.setTimeout(300_000);
  await openRecommendationsAsDemo(page);
  await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  const total = page.getByTestId('total-savings');
  await expect(total).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  const totalBefore = (await total.textContent()) ?? '';
  // The savings do not hide what the page's upsizes would cost.
  await expect(page.getByTestId('upsizing-cost')).toHaveText(
    /^Upsizing the \d+ under-provisioned instances would add \$[\d,]+\.\d{2} a month\.$/,
  );

  for (const name of ['jenkins-old', 'reporting-sandbox']) {
    await expect(rowOf(page, name)).toContainText('Idle');
  }
  await expect(rowOf(page, 'batch-legacy')).toContainText('Over-provisioned');
  await expect(rowOf(page, 'batch-legacy')).toContainText('m5.4xlarge');
  await expect(rowOf(page, 'cache-warmer')).toContainText('m5a.xlarge');
  await expect(rowOf(page, 'ml-training')).toContainText('GPU');
  await expect(rowOf(page, 'old-bastion')).toContainText('Stopped');
  await saveScreen(page, testInfo, 'recommendations');

  await rowOf(page, 'batch-legacy').getByRole('button', { name: 'batch-legacy' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('CPU, hour by hour (UTC)')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Candidate types' })).toContainText('Recommended');
  await expect(drawer.locator('.recharts-line').first()).toBeVisible();
  // The drawer scrolls inside the viewport: make it tall enough to show it whole.
  await page.setViewportSize({ width: 1440, height: 1500 });
  await saveScreen(page, testInfo, 'recommendation-drawer');

  await drawer.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('batch-legacy is dismissed.')).toBeVisible();
  await expect(drawer.getByText(/^Dismissed by Dana Demo/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rowOf(page, 'batch-legacy')).toHaveCount(0);
  await expect(total).not.toHaveText(totalBefore);

  // The demo organization is shared: put the finding back for the next visitor.
  const showSetAside = page.getByRole('switch', { name: 'Show dismissed and snoozed' });
  await showSetAside.click();
  await expect(showSetAside).toBeChecked();
  await rowOf(page, 'batch-legacy').getByRole('button', { name: 'batch-legacy' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('batch-legacy is back in the list.')).toBeVisible();
  await expect(total).toHaveText(totalBefore);
});
