import { describe, expect, it } from 'vitest';
import { startAlertText, startDedupeKey, startIsDue } from './commitment-starts.ts';

const start = '2026-12-17T00:00:00.000Z';

describe('a queued purchase announced when it starts', () => {
  it('is due from its start, for a week, never before', () => {
    expect(startIsDue(start, new Date('2026-12-16T23:59:59Z'))).toBe(false);
    expect(startIsDue(start, new Date('2026-12-17T00:00:00Z'))).toBe(true);
    expect(startIsDue(start, new Date('2026-12-23T23:00:00Z'))).toBe(true);
    expect(startIsDue(start, new Date('2026-12-24T00:00:00Z'))).toBe(false);
    expect(startIsDue(null, new Date('2026-12-17T00:00:00Z'))).toBe(false);
  });

  it('has one outbox key per commitment, so it is sent once', () => {
    expect(startDedupeKey('arn:sp/1')).toBe('commitment-start:arn:sp/1');
  });

  it('says the day it started and what it commits an hour', () => {
    const text = startAlertText({
      type: 'Compute Savings Plan',
      commitmentId: 'arn:sp/1',
      startsAt: start,
      hourlyCommitmentUsd: 1.2,
      reservedCount: null,
    });
    expect(text.title).toBe('Compute Savings Plan queued purchase started on Dec 17, 2026');
    expect(text.summary).toContain('It commits $1.20 an hour, used or not.');
  });
});
