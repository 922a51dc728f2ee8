import type { Page } from '@playwright/test';

/**
 * Opens each path in turn: the first as a typed address (a full load), the others through the browser's
 * history, as the back and forward buttons do. The same route guard decides, without reloading the app
 * each time; `check` must tell the path's own outcome from the previous one's (a redirect's address does).
 */
export async function openInTurn(
  page: Page,
  paths: readonly string[],
  check: (path: string) => Promise<void>,
): Promise<void> {
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await check(path);
  }
}
