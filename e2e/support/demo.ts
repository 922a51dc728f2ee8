import { expect, type Page } from '@playwright/test';

/**
 * The server connects the demo account to the simulator at start and syncs it (costs, then the EC2
 * fleet). Specs reading the demo's numbers wait, as a person would on the integrations screen, until
 * that first sync is done, so the figures they compare do not move under them.
 */
export async function waitForDemoSync(page: Page): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('spendguard.session'));
  await expect(async () => {
    const response = await page.request.get('/api/integrations', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const integrations = (await response.json()) as Array<{ is_demo: boolean; state: string }>;
    const demo = integrations.find((integration) => integration.is_demo);
    expect(demo?.state).toBe('ready');
  }).toPass({ timeout: 180_000, intervals: [1_000, 2_000, 5_000] });
}

/**
 * A visitor presses "Try the demo" on the landing page and lands on the dashboard. The landing page shows
 * before the server has answered anything, so the demo session and the session read that follow are the
 * first answers of a possibly busy embedded server: wait for them as a person would.
 */
export async function tryTheDemo(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('try-demo').click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
}
