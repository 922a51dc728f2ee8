/** The demo account is signed out at the first call after one hour. */
export const DEMO_SESSION_MS = 60 * 60 * 1000;

/** When a demo session started at `startedAt` ends, stored on the session itself. */
export const demoSessionEndsAt = (startedAt: Date) => new Date(startedAt.getTime() + DEMO_SESSION_MS);
