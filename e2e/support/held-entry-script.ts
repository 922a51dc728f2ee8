import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script back, so the page on screen stays the one the build rendered (decision 070)
 * until the returned function lets it through.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
