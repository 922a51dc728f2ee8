import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect-delay.ts';

const middle = () => 0.5;

describe('reconnecting after the chat connection drops', () => {
  it('waits one second first, then twice as long each time', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, middle))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('never waits more than 30 seconds', () => {
    expect(reconnectDelayMs(20, middle)).toBe(30_000);
  });

  it('spreads the wait by up to 20% either way', () => {
    expect(reconnectDelayMs(1, () => 0)).toBe(1600);
    expect(reconnectDelayMs(1, () => 0.999999)).toBe(2400);
  });
});
