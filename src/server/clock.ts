/**
 * The server's one notion of "now" (docs/decisions/078-one-injected-clock.md). Every rule that decides
 * something from the date or the time (what is due, what expired, which days a window holds) reads the
 * clock its module was given; `npm run lint` refuses any other reading of the wall clock in server code.
 */
export interface Clock {
  now(): Date;
}

/** The machine's own clock: what `npm start` and the command-line tools run on. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * Milliseconds on a monotonic clock, for how long something took or may still wait (a poll's deadline,
 * a cache entry's age, a progress report's pace): never a date, so never the injected clock.
 */
export const elapsedMs = (): number => performance.now();
