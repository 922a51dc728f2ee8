import { elapsedMs } from '../clock.ts';

/**
 * Counts attempts per key in fixed windows. Kept in memory per server process: with several app nodes the
 * effective limit is per node, which still stops guessing from one address (docs/decisions/004).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = elapsedMs,
  ) {}

  /** How many keys it holds now. */
  get keyCount(): number {
    return this.windows.size;
  }

  /** Counts one attempt; answers the seconds to wait when the key is over its limit. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.forgetOldWindows(now);
      // Deleted first so the map stays in the order windows started.
      this.windows.delete(key);
      this.windows.set(key, { startedAt: now, count: 1 });
      return { allowed: true };
    }
    window.count += 1;
    if (window.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.startedAt + this.windowMs - now) / 1000) };
  }

  /** Windows are kept in the order they started: the ended ones are at the front, and only they are read. */
  private forgetOldWindows(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt < this.windowMs) return;
      this.windows.delete(key);
    }
  }
}
