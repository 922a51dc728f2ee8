/**
 * How people read days, months and budget periods, on the screens and in alerts, mails and run notes:
 * the app's English, "Sep 30, 2024", "September 2024", "May – June 2026", "Q3 2026". Every format runs
 * in UTC, since an ISO day names a calendar day, not an instant. Machine fields keep their ISO forms.
 */
import type { BudgetPeriod } from './budgets.ts';
import { addMonths, type IsoDay, parseIsoDay } from './calendar-days.ts';

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const dayLabel = utc({ month: 'short', day: 'numeric' });
const dayWithYear = utc({ month: 'short', day: 'numeric', year: 'numeric' });
const monthName = { short: utc({ month: 'short' }), long: utc({ month: 'long' }) };
const monthWithYear = {
  short: utc({ month: 'short', year: 'numeric' }),
  long: utc({ month: 'long', year: 'numeric' }),
};

function utcDate(day: IsoDay): Date {
  const { year, month, day: date } = parseIsoDay(day);
  return new Date(Date.UTC(year, month - 1, date));
}

/** 'Sep 30' for '2024-09-30'. */
export const formatDay = (day: IsoDay) => dayLabel.format(utcDate(day));

/** 'Sep 30, 2024' for '2024-09-30'. */
export const formatDayWithYear = (day: IsoDay) => dayWithYear.format(utcDate(day));

/** 'Sep' for any day of September. */
export const formatMonthName = (day: IsoDay) => monthName.short.format(utcDate(day));

/** 'Sep 2024' for any day of it. */
export const formatMonth = (day: IsoDay) => monthWithYear.short.format(utcDate(day));

/** 'September 2024' for any day of it ('2024-09-01'). */
export const formatMonthLong = (day: IsoDay) => monthWithYear.long.format(utcDate(day));

const instantLabel = utc({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Nov 28, 2026, 08:59 UTC' for an instant: mail and Slack readers sit in every time zone. */
export const formatInstantUtc = (instant: Date | string) =>
  `${instantLabel.format(typeof instant === 'string' ? new Date(instant) : instant)} UTC`;

/** Past this many runs a list of months is only counted. */
const MAX_MONTH_RUNS = 3;

/**
 * Months ('YYYY-MM-01', ascending) as runs of consecutive months joined by commas: "March 2025",
 * "May – June 2026", "November 2025 – August 2026, October 2026"; "7 months" past three runs. Short
 * names where space is tight: "Jan – Oct 2025".
 */
export function formatMonthRuns(months: readonly IsoDay[], names: 'long' | 'short' = 'long'): string {
  const runs: Array<[IsoDay, IsoDay]> = [];
  for (const month of months) {
    const last = runs.at(-1);
    if (last && addMonths(last[1], 1) === month) last[1] = month;
    else runs.push([month, month]);
  }
  if (runs.length > MAX_MONTH_RUNS) return `${months.length} months`;
  const withYear = (day: IsoDay) => monthWithYear[names].format(utcDate(day));
  return runs
    .map(([first, last]) => {
      if (first === last) return withYear(first);
      const sameYear = first.slice(0, 4) === last.slice(0, 4);
      return `${sameYear ? monthName[names].format(utcDate(first)) : withYear(first)} – ${withYear(last)}`;
    })
    .join(', ');
}

/**
 * A budget period as its name: 'September 2024' (monthly; 'Sep 2024' short), 'Q3 2026' (quarterly),
 * '2026' (yearly).
 */
export function formatBudgetPeriod(
  period: Pick<BudgetPeriod, 'key'>,
  names: 'long' | 'short' = 'long',
): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period.key);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  if (/^\d{4}-\d{2}$/.test(period.key)) return monthWithYear[names].format(utcDate(`${period.key}-01`));
  return period.key;
}
