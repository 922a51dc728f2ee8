/**
 * Calendar arithmetic on ISO days ('YYYY-MM-DD'). A day has no time zone here: the caller decides
 * which day "today" is in the user's zone (DESIGN.md), and every step below runs in UTC so no
 * daylight-saving change can shift a day.
 */

/** A calendar day written 'YYYY-MM-DD'. */
export type IsoDay = string;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Sunday, as Date.getUTCDay

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month, `month` counted 1-12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar day in 'YYYY-MM-DD' form (2023-02-29 is not one; nor is year 0000, which has no date). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function parseIsoDay(value: IsoDay): { year: number; month: number; day: number } {
  if (!isIsoDay(value)) throw new RangeError(`not a YYYY-MM-DD day: ${value}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function isoDayOf(year: number, month: number, day: number): IsoDay {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Building a formatter costs far more than using one (every dashboard answer asks for "today"). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // An unknown zone threw above; spellings of known ones ('utc', 'UTC') are bounded by the clear.
    if (dayFormats.size >= 1_000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

let daysOfSecond: { second: number; days: Map<string, IsoDay> } = { second: Number.NaN, days: new Map() };

/**
 * The calendar day an instant falls on in an IANA time zone ('Asia/Tokyo'): "today" for a user
 * with that default_timezone. Throws RangeError for an unknown zone.
 */
export function isoDayInTimeZone(instant: Date, timeZone: string): IsoDay {
  // Every answer of the dashboard asks this, and `formatToParts` is its dearest step: the day is kept per
  // zone for the instant's second, within which no zone's day changes (offsets are whole minutes).
  const second = Math.floor(instant.getTime() / 1000);
  if (second !== daysOfSecond.second) daysOfSecond = { second, days: new Map() };
  const kept = daysOfSecond.days.get(timeZone);
  if (kept) return kept;
  const parts = dayFormatIn(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  daysOfSecond.days.set(timeZone, day);
  return day;
}

/** The UTC calendar day of an instant. */
export function isoDayOfInstant(instant: Date): IsoDay {
  return instant.toISOString().slice(0, 10);
}

function toEpochDay(day: IsoDay): number {
  const { year, month, day: date } = parseIsoDay(day);
  return Date.UTC(year, month - 1, date) / MS_PER_DAY;
}

function fromEpochDay(epochDay: number): IsoDay {
  return new Date(epochDay * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(day: IsoDay, count: number): IsoDay {
  return fromEpochDay(toEpochDay(day) + count);
}

/** Whole days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Days from `start` to `end`, both included (a one-day range counts 1). */
export function inclusiveDayCount(start: IsoDay, end: IsoDay): number {
  return daysBetween(start, end) + 1;
}

/** Every day from `start` to `end`, both included; empty when `end` is before `start`. */
export function eachDay(start: IsoDay, end: IsoDay): IsoDay[] {
  const count = inclusiveDayCount(start, end);
  return Array.from({ length: Math.max(0, count) }, (_, offset) => addDays(start, offset));
}

export function weekdayOf(day: IsoDay): Weekday {
  return new Date(toEpochDay(day) * MS_PER_DAY).getUTCDay() as Weekday;
}

export function monthStart(day: IsoDay): IsoDay {
  const { year, month } = parseIsoDay(day);
  return isoDayOf(year, month, 1);
}

export function monthEnd(day: IsoDay): IsoDay {
  const { year, month } = parseIsoDay(day);
  return isoDayOf(year, month, daysInMonth(year, month));
}

/** The same day-of-month `count` months later, clamped to the month's last day (Jan 31 + 1 -> Feb 28/29). */
export function addMonths(day: IsoDay, count: number): IsoDay {
  const { year, month, day: date } = parseIsoDay(day);
  const target = new Date(Date.UTC(year, month - 1 + count, 1));
  const targetYear = target.getUTCFullYear();
  const targetMonth = target.getUTCMonth() + 1;
  return isoDayOf(targetYear, targetMonth, Math.min(date, daysInMonth(targetYear, targetMonth)));
}

/** The first day of each calendar month a range of days touches, in order. */
export function eachMonth(start: IsoDay, end: IsoDay): IsoDay[] {
  const months: IsoDay[] = [];
  for (let month = monthStart(start); month <= end; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** Quarter 1-4 of a day. */
export function quarterOf(day: IsoDay): 1 | 2 | 3 | 4 {
  return (Math.floor((parseIsoDay(day).month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

export function quarterStart(day: IsoDay): IsoDay {
  const { year } = parseIsoDay(day);
  return isoDayOf(year, (quarterOf(day) - 1) * 3 + 1, 1);
}

export function quarterEnd(day: IsoDay): IsoDay {
  return monthEnd(addMonths(quarterStart(day), 2));
}

export function yearStart(day: IsoDay): IsoDay {
  return isoDayOf(parseIsoDay(day).year, 1, 1);
}

export function yearEnd(day: IsoDay): IsoDay {
  return isoDayOf(parseIsoDay(day).year, 12, 31);
}

/** 'YYYY-MM' of a day. */
export function monthKeyOf(day: IsoDay): string {
  return day.slice(0, 7);
}

/** ISO days sort as strings. */
export function earlierDay(a: IsoDay, b: IsoDay): IsoDay {
  return a < b ? a : b;
}

export function laterDay(a: IsoDay, b: IsoDay): IsoDay {
  return a > b ? a : b;
}

export function isWithin(day: IsoDay, start: IsoDay, end: IsoDay): boolean {
  return day >= start && day <= end;
}
