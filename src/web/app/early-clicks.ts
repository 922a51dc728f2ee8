import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by public/before-the-app.js: stops keeping clicks and hands over the buttons clicked. */
    spendguardEarlyClicks?: () => HTMLElement[];
  }
}

let toReplay: HTMLElement[] = [];

/**
 * Ends the keeping of clicks made before the app ran (public/before-the-app.js), just before React renders.
 * On a page React hydrates, the same buttons stay on screen and are clicked again once it is live. On a
 * page drawn afresh, the buttons clicked are gone, and so are their clicks.
 */
export function takeEarlyClicks(hydrating: boolean): void {
  const clicked = window.spendguardEarlyClicks?.() ?? [];
  toReplay = hydrating ? clicked : [];
}

/**
 * Replays the kept clicks once the page around it is live. React hydrates the content of a Suspense
 * boundary after the rest of the page, so this goes inside the boundary that holds the page, beside it:
 * its effect runs once that content, and everything outside it, has its handlers.
 */
export function EarlyClickReplay(): null {
  useEffect(() => {
    const clicked = toReplay;
    toReplay = [];
    for (const button of clicked) if (button.isConnected) button.click();
  }, []);
  return null;
}
