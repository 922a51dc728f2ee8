import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter.ts';

describe('FixedWindowLimiter', () => {
  it('refuses past the limit within a window and allows again once it ended', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 1_000, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('keeps only the windows still running, whatever the number of keys', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(5, 1_000, () => now);
    for (let key = 0; key < 50_000; key += 1) limiter.hit(`old-${key}`);
    now = 600;
    limiter.hit('renewed-later');
    now = 1_000;
    // The 50,000 windows that started at 0 have ended: the next new key forgets them.
    limiter.hit('new');
    expect(limiter.keyCount).toBe(2);
    now = 1_600;
    limiter.hit('newer');
    expect(limiter.keyCount).toBe(2);
  });

  it('keeps a renewed window behind the ones that started before it', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(5, 1_000, () => now);
    limiter.hit('first');
    now = 100;
    limiter.hit('second');
    now = 1_050;
    limiter.hit('first'); // a new window for 'first', after 'second' started
    now = 1_100;
    limiter.hit('third'); // 'second' ended; 'first' has not
    expect(limiter.keyCount).toBe(2);
    expect(limiter.hit('first').allowed).toBe(true);
  });
});
