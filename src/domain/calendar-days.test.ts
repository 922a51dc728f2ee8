import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  eachDay,
  eachMonth,
  earlierDay,
  inclusiveDayCount,
  isIsoDay,
  isLeapYear,
  isoDayInTimeZone,
  isoDayOfInstant,
  isWithin,
  laterDay,
  monthEnd,
  monthStart,
  parseIsoDay,
  quarterEnd,
  quarterOf,
  quarterStart,
  weekdayOf,
  yearEnd,
  yearStart,
} from './calendar-days.ts';

describe('leap years', () => {
  it.each([
    [2024, true],
    [2025, false],
    [2000, true],
    [1900, false],
    [2100, false],
  ])('%i is a leap year: %s', (year, leap) => expect(isLeapYear(year)).toBe(leap));

  it('gives February 29 days in a leap year and 28 otherwise', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(daysInMonth(2026, 11)).toBe(30);
  });
});

describe('reading a day', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('2026-01-01T00:00:00Z')).toBe(false);
    // There is no year 0 (the day before 0001-01-01 is in 1 BC): the database refuses it as a date.
    expect(isIsoDay('0000-01-01')).toBe(false);
    expect(isIsoDay('0001-01-01')).toBe(true);
  });
  it('refuses to parse something that is not a day', () => {
    expect(() => parseIsoDay('yesterday')).toThrow(RangeError);
  });
  it("finds today in the user's time zone", () => {
    const instant = new Date('2026-11-30T23:30:00Z');
    expect(isoDayInTimeZone(instant, 'Asia/Tokyo')).toBe('2026-12-01');
    expect(isoDayInTimeZone(instant, 'America/Los_Angeles')).toBe('2026-11-30');
    expect(isoDayInTimeZone(instant, 'UTC')).toBe('2026-11-30');
  });
  it('turns the day at midnight to the second, asked again and again in between', () => {
    const lastSecond = new Date('2026-11-30T14:59:59.999Z');
    const midnightInTokyo = new Date('2026-11-30T15:00:00.000Z');
    for (const instant of [lastSecond, midnightInTokyo, lastSecond, midnightInTokyo]) {
      expect(isoDayInTimeZone(instant, 'Asia/Tokyo')).toBe(
        instant === lastSecond ? '2026-11-30' : '2026-12-01',
      );
      expect(isoDayInTimeZone(instant, 'UTC')).toBe('2026-11-30');
    }
    expect(isoDayInTimeZone(new Date('2026-11-30T14:59:59.000Z'), 'Asia/Tokyo')).toBe('2026-11-30');
  });
  it('finds the leap day in a zone ahead of UTC', () => {
    expect(isoDayInTimeZone(new Date('2024-02-28T20:00:00Z'), 'Pacific/Auckland')).toBe('2024-02-29');
  });
  it('refuses an unknown time zone', () => {
    expect(() => isoDayInTimeZone(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
  it('takes the UTC day of an instant', () => {
    expect(isoDayOfInstant(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-30');
  });
});

describe('adding days', () => {
  it('steps onto and over the leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
  });
  it('crosses year boundaries both ways', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });
  it('ignores daylight-saving changes', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});

describe('counting days', () => {
  it('counts whole days between two days', () => {
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0);
  });
  it('includes both ends when counting a range', () => {
    expect(inclusiveDayCount('2024-01-01', '2024-12-31')).toBe(366);
    expect(inclusiveDayCount('2026-11-05', '2026-11-05')).toBe(1);
  });
  it('lists every day of a range', () => {
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(eachDay('2024-03-02', '2024-03-01')).toEqual([]);
  });
});

describe('weekdays', () => {
  it('knows the weekday of a day (0 is Sunday)', () => {
    expect(weekdayOf('2024-02-29')).toBe(4); // a Thursday
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayOf('2027-01-01')).toBe(5); // a Friday
  });
});

describe('months', () => {
  it('finds the first and last day of the month', () => {
    expect(monthStart('2024-02-17')).toBe('2024-02-01');
    expect(monthEnd('2024-02-17')).toBe('2024-02-29');
    expect(monthEnd('2025-02-17')).toBe('2025-02-28');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
  });
  it('adds months and clamps to the shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
});

describe('quarters and years', () => {
  it('finds the quarter of a day', () => {
    expect(quarterOf('2026-01-01')).toBe(1);
    expect(quarterOf('2026-03-31')).toBe(1);
    expect(quarterOf('2026-04-01')).toBe(2);
    expect(quarterOf('2026-12-31')).toBe(4);
  });
  it('finds the first and last day of the quarter', () => {
    expect(quarterStart('2026-11-22')).toBe('2026-10-01');
    expect(quarterEnd('2026-11-22')).toBe('2026-12-31');
    expect(quarterStart('2024-02-29')).toBe('2024-01-01');
    expect(quarterEnd('2024-02-29')).toBe('2024-03-31');
    expect(quarterEnd('2026-05-10')).toBe('2026-06-30');
  });
  it('finds the first and last day of the year', () => {
    expect(yearStart('2024-02-29')).toBe('2024-01-01');
    expect(yearEnd('2024-02-29')).toBe('2024-12-31');
  });
  it('picks the earlier and the later of two days', () => {
    expect(earlierDay('2026-12-31', '2027-01-01')).toBe('2026-12-31');
    expect(laterDay('2026-12-31', '2027-01-01')).toBe('2027-01-01');
  });
  it('tells whether a day falls within a range, ends included', () => {
    expect(isWithin('2026-11-01', '2026-11-01', '2026-11-30')).toBe(true);
    expect(isWithin('2026-11-30', '2026-11-01', '2026-11-30')).toBe(true);
    expect(isWithin('2026-12-01', '2026-11-01', '2026-11-30')).toBe(false);
  });
});

describe('the months a range touches', () => {
  it('gives the first day of each, from a mid-month start through a year end', () => {
    expect(eachMonth('2024-11-20', '2025-02-01')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
    expect(eachMonth('2025-03-05', '2025-03-06')).toEqual(['2025-03-01']);
  });
});
