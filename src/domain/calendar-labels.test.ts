import { describe, expect, it } from 'vitest';
import { budgetPeriodFor } from './budgets.ts';
import {
  formatBudgetPeriod,
  formatDay,
  formatDayWithYear,
  formatInstantUtc,
  formatMonth,
  formatMonthLong,
  formatMonthName,
  formatMonthRuns,
} from './calendar-labels.ts';

describe('days and months as people read them', () => {
  it('writes a day with its short month and year, the same day in every time zone', () => {
    expect(formatDayWithYear('2024-09-30')).toBe('Sep 30, 2024');
    expect(formatDayWithYear('2023-12-01')).toBe('Dec 1, 2023');
    expect(formatDayWithYear('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('writes a day and a month short, for tight places', () => {
    expect(formatDay('2024-09-30')).toBe('Sep 30');
    expect(formatMonth('2024-09-30')).toBe('Sep 2024');
    expect(formatMonthName('2024-09-30')).toBe('Sep');
  });

  it('writes an instant in UTC, named so', () => {
    expect(formatInstantUtc('2026-11-28T08:59:34Z')).toBe('Nov 28, 2026, 08:59 UTC');
    expect(formatInstantUtc(new Date('2026-11-28T23:05:00-05:00'))).toBe('Nov 29, 2026, 04:05 UTC');
  });

  it('writes a month with its full name and year', () => {
    expect(formatMonthLong('2024-09-01')).toBe('September 2024');
    expect(formatMonthLong('2024-09-30')).toBe('September 2024');
  });

  it('refuses a day that is not one', () => {
    expect(() => formatDayWithYear('2024-02-30')).toThrow(RangeError);
  });
});

describe('runs of months', () => {
  it('writes short names where space is tight, across a new year too', () => {
    expect(formatMonthRuns(['2025-03-01'], 'short')).toBe('Mar 2025');
    expect(formatMonthRuns(['2024-11-01', '2024-12-01', '2025-01-01', '2025-06-01'], 'short')).toBe(
      'Nov 2024 – Jan 2025, Jun 2025',
    );
    expect(formatMonthRuns(['2025-01-01', '2025-02-01', '2025-10-01'], 'short')).toBe(
      'Jan – Feb 2025, Oct 2025',
    );
  });

  it('writes one month alone', () => {
    expect(formatMonthRuns(['2026-03-01'])).toBe('March 2026');
  });

  it('writes consecutive months as a run, across a new year', () => {
    const months = ['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'];
    expect(
      formatMonthRuns([...months, '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01']),
    ).toBe('November 2025 – August 2026');
  });

  it('names the year once for a run inside one year', () => {
    expect(formatMonthRuns(['2026-05-01', '2026-06-01'])).toBe('May – June 2026');
  });

  it('joins runs and single months with commas', () => {
    expect(formatMonthRuns(['2025-11-01', '2025-12-01', '2026-01-01', '2026-03-01', '2026-06-01'])).toBe(
      'November 2025 – January 2026, March 2026, June 2026',
    );
  });

  it('counts the months past three runs', () => {
    expect(formatMonthRuns(['2026-01-01', '2026-03-01', '2026-04-01', '2026-06-01', '2026-08-01'])).toBe(
      '5 months',
    );
  });
});

describe('budget periods by name', () => {
  it('names a month, a quarter and a year', () => {
    expect(formatBudgetPeriod(budgetPeriodFor('2024-09-30', 'monthly'))).toBe('September 2024');
    expect(formatBudgetPeriod(budgetPeriodFor('2026-08-15', 'quarterly'))).toBe('Q3 2026');
    expect(formatBudgetPeriod(budgetPeriodFor('2026-01-01', 'quarterly'))).toBe('Q1 2026');
    expect(formatBudgetPeriod(budgetPeriodFor('2026-11-27', 'yearly'))).toBe('2026');
  });

  it('names a month short where space is tight, and a quarter and a year the same', () => {
    expect(formatBudgetPeriod({ key: '2024-09' }, 'short')).toBe('Sep 2024');
    expect(formatBudgetPeriod({ key: '2026-Q3' }, 'short')).toBe('Q3 2026');
    expect(formatBudgetPeriod({ key: '2026' }, 'short')).toBe('2026');
  });
});
