import type { Page } from '@playwright/test';

/**
 * Holds back the scripts whose address matches `pattern`: `requested` resolves once the browser asks for
 * one, and they arrive when `release` lets them through.
 */
export async function holdScripts(
  page: Page,
  pattern: RegExp,
): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(pattern, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Holds the app's entry script back, so the page on screen stays the one the build rendered (decision 070)
 * until the returned function lets it through.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  return (await holdScripts(page, /\/assets\/index-[^/]+\.js$/)).release;
}
