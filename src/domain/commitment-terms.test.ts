import { describe, expect, it } from 'vitest';
import { commitmentState, daysUntilEnd, returnWindowClosesAt } from './commitment-terms.ts';

const now = new Date('2026-12-07T10:00:00Z');

describe('a commitment in its term', () => {
  it('is queued before its start, active within, expired from its end', () => {
    expect(commitmentState({ startsAt: '2026-12-10T00:00:00Z', endsAt: null }, now)).toBe('queued');
    expect(commitmentState({ startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' }, now)).toBe(
      'active',
    );
    expect(commitmentState({ startsAt: null, endsAt: '2026-12-07T10:00:00Z' }, now)).toBe('expired');
    expect(commitmentState({ startsAt: null, endsAt: null }, now)).toBe('active');
  });

  it('counts whole days until its end, null when the end is unknown', () => {
    expect(daysUntilEnd('2027-01-06T10:00:00Z', now)).toBe(30);
    expect(daysUntilEnd('2026-12-07T23:00:00Z', now)).toBe(0);
    expect(daysUntilEnd(null, now)).toBe(null);
  });
});

describe("a Savings Plan's return window", () => {
  const plan = (startsAt: string) => ({ startsAt, endsAt: null });

  it('closes 7 days after the purchase', () => {
    expect(returnWindowClosesAt('savings-plan', plan('2026-12-03T09:00:00Z'), 12.5, now)).toBe(
      '2026-12-10T09:00:00.000Z',
    );
  });

  it('closes at the end of the calendar month when that comes first', () => {
    const late = new Date('2026-11-29T10:00:00Z');
    expect(returnWindowClosesAt('savings-plan', plan('2026-11-27T09:00:00Z'), 1, late)).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });

  it('is never open after it closed, over $100 an hour, for a reservation or an unknown commitment', () => {
    expect(returnWindowClosesAt('savings-plan', plan('2026-11-29T09:00:00Z'), 1, now)).toBe(null);
    expect(returnWindowClosesAt('savings-plan', plan('2026-12-03T09:00:00Z'), 100.01, now)).toBe(null);
    expect(returnWindowClosesAt('savings-plan', plan('2026-12-03T09:00:00Z'), 100, now)).not.toBe(null);
    expect(returnWindowClosesAt('reservation', plan('2026-12-03T09:00:00Z'), 1, now)).toBe(null);
    expect(returnWindowClosesAt('savings-plan', plan('2026-12-03T09:00:00Z'), null, now)).toBe(null);
  });

  it('is not open before the purchase (a queued plan)', () => {
    expect(returnWindowClosesAt('savings-plan', plan('2026-12-08T00:00:00Z'), 1, now)).toBe(null);
  });
});
