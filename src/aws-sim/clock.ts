/**
 * The simulator's default clock when nobody hands it one: `npm start` runs it beside the server on the
 * machine's clock. Tests hand it their own (`testClock`), and the server's rules read the server's
 * injected clock (docs/decisions/078-one-injected-clock.md).
 */
export const wallClock = (): Date => new Date();
