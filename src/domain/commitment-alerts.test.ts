import { describe, expect, it } from 'vitest';
import {
  returnWindowAlertText,
  returnWindowDedupeKey,
  underUse,
  underUseAlertText,
  underUseDedupeKey,
} from './commitment-alerts.ts';
import { returnWindowClosesAt } from './commitment-terms.ts';

const day = (d: string, total: number, used: number) => ({
  day: d,
  totalCommitment: total,
  usedCommitment: used,
});

describe('underUse', () => {
  const lowWeek = ['01', '02', '03', '04', '05', '06', '07'].map((d) => day(`2026-10-${d}`, 48, 12));

  it('answers the run of the latest days below the threshold, with the unused dollars a day', () => {
    expect(underUse(lowWeek, 80, 7)).toEqual({
      fromDay: '2026-10-01',
      toDay: '2026-10-07',
      days: 7,
      utilizationPercent: 25,
      unusedPerDay: 36,
    });
  });

  it('is nothing when one of the days used the threshold or more', () => {
    const series = lowWeek.map((entry, index) => (index === 3 ? day(entry.day, 48, 40) : entry));
    expect(underUse(series, 80, 7)).toBeNull();
  });

  it('is nothing with fewer days in the bill than asked, a day missing, or nothing committed', () => {
    expect(underUse(lowWeek.slice(2), 80, 7)).toBeNull();
    expect(
      underUse(
        lowWeek.filter((entry) => entry.day !== '2026-10-04'),
        80,
        4,
      ),
    ).toBeNull();
    expect(underUse([...lowWeek.slice(0, 6), day('2026-10-07', 0, 0)], 80, 3)).toBeNull();
    expect(underUse([], 80, 1)).toBeNull();
  });

  it('keys once per commitment and month', () => {
    expect(underUseDedupeKey('ri-1', '2026-10-31')).toBe('commitment-utilization:ri-1:2026-10');
    expect(underUseDedupeKey('ri-1', '2026-11-01')).not.toBe(underUseDedupeKey('ri-1', '2026-10-31'));
  });

  it('names the utilization and the unused dollars a day', () => {
    const use = underUse(lowWeek, 80, 7);
    if (!use) throw new Error('expected an under-use');
    const text = underUseAlertText({ type: 'RDS Reserved Instance', commitmentId: 'ri-1' }, use, 80);
    expect(text.title).toBe('RDS Reserved Instance used 25.0%: $36.00 a day unused');
    expect(text.summary).toContain('below 80% on each of those 7 days: $36.00 a day');
  });
});

describe('the return window alert', () => {
  const plan = {
    type: 'EC2 Instance Savings Plan',
    commitmentId: 'sp-1',
    hourlyCommitmentUsd: 12.5,
    startsAt: '2027-04-27T10:00:00.000Z',
  };

  it('names the instant the window closes: the month end before 7 days', () => {
    const closes = returnWindowClosesAt(
      'savings-plan',
      { startsAt: plan.startsAt, endsAt: null },
      12.5,
      new Date('2027-04-30T23:59:30Z'),
    );
    expect(closes).toBe('2027-05-01T00:00:00.000Z');
    const text = returnWindowAlertText(plan, closes ?? '');
    expect(text.title).toBe('EC2 Instance Savings Plan can be returned until May 1, 2027, 00:00 UTC');
    expect(text.summary).toContain('$12.50 an hour');
  });

  it('is never flagged once the window closed', () => {
    expect(
      returnWindowClosesAt(
        'savings-plan',
        { startsAt: plan.startsAt, endsAt: null },
        12.5,
        new Date('2027-05-01T00:00:00Z'),
      ),
    ).toBeNull();
  });

  it('keys once per commitment', () => {
    expect(returnWindowDedupeKey('sp-1')).toBe('commitment-return:sp-1');
  });
});
