/** The welcome bubble appears 400 ms after the page loads. */
export const WELCOME_BUBBLE_DELAY_MS = 400;

/**
 * How long to wait still, given how long ago the page started loading (`performance.now()` counts from
 * `performance.timeOrigin`). The widget is loaded lazily and mounts a few hundred ms after the page, so
 * the 400 ms count from the page's load, not from the mount.
 */
export function remainingWelcomeDelay(msSincePageLoad: number): number {
  return Math.max(0, WELCOME_BUBBLE_DELAY_MS - msSincePageLoad);
}
