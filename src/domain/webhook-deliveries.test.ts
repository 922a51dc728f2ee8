import { describe, expect, it } from 'vitest';
import { webhookAnswerVerdict, webhookPauseDue } from './webhook-deliveries.ts';

describe("a receiver's answer", () => {
  it.each([
    [200, 'delivered'],
    [202, 'delivered'],
    [204, 'delivered'],
    [null, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [301, 'final'],
    [400, 'final'],
    [401, 'final'],
    [404, 'final'],
    [410, 'final'],
  ] as const)('%s is %s', (status, verdict) => {
    expect(webhookAnswerVerdict(status)).toBe(verdict);
  });
});

describe('pausing an endpoint', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('waits three days of failures', () => {
    expect(webhookPauseDue(null, now)).toBe(false);
    expect(webhookPauseDue(new Date('2026-11-25T12:00:01Z'), now)).toBe(false);
    expect(webhookPauseDue(new Date('2026-11-25T12:00:00Z'), now)).toBe(true);
  });
});
