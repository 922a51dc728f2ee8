const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before reconnection attempt number `attempt` (0-based): doubling from 1 s up to
 * 30 s, spread by ±20% so a restarted server is not hit by every browser in the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt));
  const spread = 0.8 + random() * 0.4;
  return Math.round(base * spread);
}
