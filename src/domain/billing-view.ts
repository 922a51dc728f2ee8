/**
 * The dashboard's billing view settings (its defaults, modes and date
 * format). The web client keeps them in the URL and in view_customs; the
 * server reads the same rules when it validates a billing query.
 */

import {
  addDays,
  addMonths,
  daysBetween,
  eachMonth,
  earlierDay,
  type IsoDay,
  inclusiveDayCount,
  isWithin,
  monthEnd,
  monthStart,
  parseIsoDay,
  yearEnd,
  yearStart,
} from './calendar-days.ts';

export const VIEW_MODES = ['day', 'month', 'year'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** `selected_tag_values`: comma-separated values, or 'All'. */
export const ALL_TAG_VALUES = 'All';
/** The tag key when no tag is chosen. */
export const ALL_TAG_KEYS = 'all';
/** The organization's default integration. */
export const DEFAULT_INTEGRATION = 'default';

export type SelectedTagValues = typeof ALL_TAG_VALUES | string[];

export interface BillingView {
  viewMode: ViewMode;
  startDate: IsoDay;
  endDate: IsoDay;
  tagKey: string;
  selectedTagValues: SelectedTagValues;
  integration: string;
  isAmortized: boolean;
}

/** `view_customs` as saved on the user record. */
export interface SavedViewCustoms {
  integration?: string | null;
  tag?: { tag_name?: string | null; tag_values?: { value: string }[] | null } | null;
}

const nonEmpty = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The defaults: the current month, not amortized, saved choices else default / all / All. */
export function defaultBillingView(today: IsoDay, saved?: SavedViewCustoms | null): BillingView {
  const savedValues = (saved?.tag?.tag_values ?? []).map((item) => item.value).filter(nonEmpty);
  return {
    ...applyViewMode('month', today),
    tagKey: nonEmpty(saved?.tag?.tag_name) ? saved.tag.tag_name : ALL_TAG_KEYS,
    selectedTagValues: savedValues.length > 0 ? savedValues : ALL_TAG_VALUES,
    integration: nonEmpty(saved?.integration) ? saved.integration : DEFAULT_INTEGRATION,
    isAmortized: false,
  };
}

/** Day mode shows the start day; month mode its month; year mode the whole year. */
export function applyViewMode(
  mode: ViewMode,
  startDate: IsoDay,
): { viewMode: ViewMode; startDate: IsoDay; endDate: IsoDay } {
  switch (mode) {
    case 'day':
      return { viewMode: mode, startDate, endDate: startDate };
    case 'month':
      return { viewMode: mode, startDate: monthStart(startDate), endDate: monthEnd(startDate) };
    case 'year':
      return { viewMode: mode, startDate: yearStart(startDate), endDate: yearEnd(startDate) };
  }
}

const hasTagValues = (values: SelectedTagValues) =>
  values === ALL_TAG_VALUES || (Array.isArray(values) && values.length > 0);

/** The billing query runs only when user id, integration, tag key and tag values are all set. */
export function isBillingQueryReady(
  view: Pick<BillingView, 'integration' | 'tagKey' | 'selectedTagValues'>,
  userId: string | null | undefined,
): boolean {
  return (
    nonEmpty(userId) &&
    nonEmpty(view.integration) &&
    nonEmpty(view.tagKey) &&
    hasTagValues(view.selectedTagValues)
  );
}

/** Longest range still drawn in daily bars: a quarter (92 days covers any three months). */
export const MAX_DAILY_BUCKET_DAYS = 92;

export type BucketGranularity = 'day' | 'month';

export function chooseBucketGranularity(startDate: IsoDay, endDate: IsoDay): BucketGranularity {
  return inclusiveDayCount(startDate, endDate) <= MAX_DAILY_BUCKET_DAYS ? 'day' : 'month';
}

/**
 * The period just before, for "change vs previous period": whole calendar months compare with the
 * same number of whole months before (November with October, 2024 with 2023), so a 31-day month is
 * never set against 30 days straddling two months; any other range with the same number of days
 * ending the day before `startDate`.
 */
export function previousPeriod(startDate: IsoDay, endDate: IsoDay): { startDate: IsoDay; endDate: IsoDay } {
  if (startDate === monthStart(startDate) && endDate === monthEnd(endDate)) {
    const months = monthsSpanned(startDate, endDate);
    return { startDate: addMonths(startDate, -months), endDate: addDays(startDate, -1) };
  }
  const length = inclusiveDayCount(startDate, endDate);
  return { startDate: addDays(startDate, -length), endDate: addDays(startDate, -1) };
}

function monthsSpanned(startDate: IsoDay, endDate: IsoDay): number {
  const start = parseIsoDay(startDate);
  const end = parseIsoDay(endDate);
  return (end.year - start.year) * 12 + (end.month - start.month) + 1;
}

/**
 * The period to compare with. A range still running (it holds today) is compared like for like: the
 * previous period up to the same day offset, so 24 days of November face October 1-24, not all of
 * October.
 */
export function comparablePreviousPeriod(
  start: IsoDay,
  end: IsoDay,
  today: IsoDay,
): { startDate: IsoDay; endDate: IsoDay; throughToday: boolean } {
  const previous = previousPeriod(start, end);
  if (!isWithin(today, start, end) || today === end) return { ...previous, throughToday: false };
  const sameOffset = addDays(previous.startDate, daysBetween(start, today));
  return {
    startDate: previous.startDate,
    endDate: earlierDay(sameOffset, previous.endDate),
    throughToday: true,
  };
}

/** Why the previous period cannot fairly be set against this one; null when it can. */
export type ComparisonGap = 'plan_history' | 'before_data' | 'data_gap';

/** What the data holds: where it starts on the chosen providers, and every month whose bill was read. */
export interface DataCoverage {
  /** The first billing period on the chosen providers; null without data. */
  firstPeriod: IsoDay | null;
  /** The billing periods with a bill, on any provider. */
  heldPeriods: readonly IsoDay[];
}

/** Whether the previous period is set against the range, and the months that stop it when they do. */
export interface PreviousPeriodCoverage {
  notCompared: ComparisonGap | null;
  /** With `data_gap`: the months of the previous period, after the data's start, that hold no bill. */
  missingMonths: IsoDay[];
  /** The first day the data covers (`dataCoveredFrom`). */
  dataFrom: IsoDay | null;
}

/**
 * The first day the data covers: billing data comes in whole billing periods, so a first period
 * holds its whole month even when its spend starts on the 3rd. Null when there is no data at all.
 */
export function dataCoveredFrom(firstBillingPeriod: IsoDay | null): IsoDay | null {
  return firstBillingPeriod === null ? null : monthStart(firstBillingPeriod);
}

/**
 * A comparison needs the whole previous period in view and in the data (decisions 016, 073, 074).
 * - The plan may hide its start (free plans keep three months), or the data may begin after it: 2026
 *   set against a 2025 whose data starts in November would read as +1,000%. When both hold, the one that
 *   binds is named: an upgrade cannot show months the data does not have.
 * - Or the data may have a hole in it: one old test upload long before an account was connected starts
 *   the data early, and a year that holds only that upload would be read as a whole year. A month whose
 *   bill was never read is such a hole; a month billed, even at $0 for the chosen provider, has its rows.
 * With no data at all, nothing is claimed either way: both periods read $0.
 */
export function previousPeriodCoverage(
  previous: { startDate: IsoDay; endDate: IsoDay },
  visibleFrom: IsoDay,
  data: DataCoverage,
): PreviousPeriodCoverage {
  const dataFrom = dataCoveredFrom(data.firstPeriod);
  const uncompared = (reason: ComparisonGap) => ({ notCompared: reason, missingMonths: [], dataFrom });
  const beforeData = dataFrom !== null && previous.startDate < dataFrom;
  const beforeVisible = previous.startDate < visibleFrom;
  if (beforeData && (!beforeVisible || dataFrom >= visibleFrom)) return uncompared('before_data');
  if (beforeVisible) return uncompared('plan_history');
  if (dataFrom === null) return { notCompared: null, missingMonths: [], dataFrom };
  const missingMonths = eachMonth(previous.startDate, previous.endDate).filter(
    (month) => !isMonthHeld(month, data.heldPeriods),
  );
  return { notCompared: missingMonths.length > 0 ? 'data_gap' : null, missingMonths, dataFrom };
}

/** True when the bill for the month holding `day` was read: a month without one is a hole, not $0. */
export function isMonthHeld(day: IsoDay, heldPeriods: readonly IsoDay[]): boolean {
  const month = monthStart(day);
  return heldPeriods.some((period) => monthStart(period) === month);
}

/** The query parameter -> values: 'All' means every value; otherwise trimmed, without blanks or repeats. */
export function parseSelectedTagValues(parameter: string): SelectedTagValues {
  if (parameter.trim() === ALL_TAG_VALUES) return ALL_TAG_VALUES;
  const values = parameter
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

/** Values -> the query parameter. */
export function formatSelectedTagValues(values: SelectedTagValues): string {
  return values === ALL_TAG_VALUES ? ALL_TAG_VALUES : values.join(',');
}
