import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot under test-results/screens/ and attaches it to the report. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const file = `test-results/screens/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
