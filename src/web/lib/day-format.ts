/** How the app writes days and months: English, in UTC, since an ISO day names a calendar day, not an instant. */

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthNameLabel = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLongLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
export const formatDay = (day: string) => dayLabel.format(asDate(day));
export const formatDayWithYear = (day: string) => dayYearLabel.format(asDate(day));
export const formatMonth = (day: string) => monthLabel.format(asDate(day));
export const formatMonthName = (day: string) => monthNameLabel.format(asDate(day));
export const formatMonthLong = (day: string) => monthLongLabel.format(asDate(day));
