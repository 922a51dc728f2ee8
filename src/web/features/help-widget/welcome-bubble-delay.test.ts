import { describe, expect, it } from 'vitest';
import { remainingWelcomeDelay } from './welcome-bubble-delay.ts';

describe('remainingWelcomeDelay (400 ms after the page loads)', () => {
  it('waits the whole 400 ms when the widget mounts as the page starts', () => {
    expect(remainingWelcomeDelay(0)).toBe(400);
  });

  it('counts the time the widget took to arrive', () => {
    expect(remainingWelcomeDelay(250)).toBe(150);
  });

  it('shows the bubble at once when the widget mounts later than 400 ms after the load', () => {
    expect(remainingWelcomeDelay(850)).toBe(0);
  });
});
