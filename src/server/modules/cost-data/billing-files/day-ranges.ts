import { statSync } from 'node:fs';
import type { BillingFileSource } from './billing-file-source.ts';

/**
 * Days of the month, both ends included, that one grouping statement of the reader covers. The ranges of
 * one read cover days 1 to 31 without a gap or an overlap, whatever month a line item falls in, so every
 * line item is grouped exactly once and no group spans two ranges (a group's key holds its day).
 */
export interface DayRange {
  firstDay: number;
  lastDay: number;
}

const DAYS = 31;
/**
 * About a million line items per range for each GB DuckDB may use: a 5M-line month of 30,000 instances
 * (973,513 facts) then reads in 5 ranges at 1GB and 8 at 256MB, where one statement fails below 1GB
 * (decision 116).
 */
const LINE_ITEMS_PER_RANGE_AND_GB = 1_000_000;
const MOST_RANGES = 8;
/** What a line item takes in a CSV export, to estimate a CSV's line items from its size. */
const CSV_BYTES_PER_LINE_ITEM = 1_000;
const GZIP_EXPANSION = 10;

/** The whole month as one range: one grouping statement, with no filter. */
export const WHOLE_MONTH: readonly DayRange[] = [{ firstDay: 1, lastDay: DAYS }];

/** How many days of the month a range covers. */
export const daysIn = (range: DayRange) => range.lastDay - range.firstDay + 1;

/** `count` ranges of consecutive days (the last may be shorter), covering days 1 to 31. */
export function dayRanges(count: number): DayRange[] {
  return rangesOfDays(1, count);
}

/** `count` ranges of consecutive days from `firstDay` to the 31st (the last may be shorter). */
function rangesOfDays(firstDay: number, count: number): DayRange[] {
  const days = DAYS - firstDay + 1;
  const ranges = Math.min(Math.max(1, Math.floor(count)), days);
  return rangesOfLength(firstDay, Math.ceil(days / ranges));
}

/** Ranges of `length` days from `firstDay` to the 31st (the last may be shorter). */
export function rangesOfLength(firstDay: number, length: number): DayRange[] {
  const result: DayRange[] = [];
  for (let day = firstDay; day <= DAYS; day += length) {
    result.push({ firstDay: day, lastDay: Math.min(day + length - 1, DAYS) });
  }
  return result;
}

/**
 * The groups one grouping statement may hold: a thousand for each MB of DuckDB's memory limit beyond its
 * first 140 MB (decision 141). Measured on the 5M-line month of 30,000 instances, statements of 126,000
 * groups read at 256MB and 243,000 failed; 325,000 read at 384MB, 487,000 at 512MB and 973,513 at 1GB. This
 * allows 116,000, 244,000, 372,000 and 884,000: below every read that worked.
 */
const GROUPS_PER_MB = 1_000;
const MB_BEFORE_GROUPS = 140;

/** What the first range's statement grouped, counted in DuckDB once it ran. */
export interface FirstRangeGrouped {
  groups: number;
  lineItems: number;
}

/**
 * The ranges after the first, sized by what the first one grouped (decision 141): the groups the rest
 * would make, estimated from the first range's groups per line item and per day, whichever says more; then
 * as many whole days a statement as keep it within what one statement may hold. Kept only when that is
 * fewer statements than planned from the file's size; a first range that grouped nothing says nothing,
 * and the plan stands.
 */
export function rangesAfterFirst(
  planned: readonly DayRange[],
  first: FirstRangeGrouped,
  lineItems: number,
  memoryLimit: string,
): DayRange[] {
  const [firstRange, ...rest] = planned;
  const perStatement = GROUPS_PER_MB * (megabytesOf(memoryLimit) - MB_BEFORE_GROUPS);
  if (!firstRange || rest.length === 0 || first.lineItems <= 0 || perStatement <= 0) return rest;
  const restDays = DAYS - firstRange.lastDay;
  const byLineItems = (first.groups / first.lineItems) * Math.max(0, lineItems - first.lineItems);
  const byDays = (first.groups / daysIn(firstRange)) * restDays;
  const estimated = Math.max(byLineItems, byDays, 1);
  const daysPerStatement = Math.max(1, Math.floor((restDays * perStatement) / estimated));
  const fitted = rangesOfLength(firstRange.lastDay + 1, daysPerStatement);
  return fitted.length < rest.length ? fitted : rest;
}

/**
 * The ranges a file is planned in: one per million line items and GB of DuckDB's memory limit (Parquet's
 * footer counts the line items; a CSV's are estimated from its size), at most eight. A small file is one
 * range, read by one statement as before; the ranges after the first are then fitted to what it grouped
 * (`rangesAfterFirst`).
 */
export function dayRangesOf(
  source: BillingFileSource,
  lineItems: number | null,
  memoryLimit: string,
): DayRange[] {
  const perRange = LINE_ITEMS_PER_RANGE_AND_GB * gigabytesOf(memoryLimit);
  return dayRanges(Math.min(Math.ceil(lineItemsOf(source, lineItems) / perRange), MOST_RANGES));
}

/** The file's line items: as Parquet's footer counts them, else estimated from a CSV's size. */
export function lineItemsOf(source: BillingFileSource, counted: number | null): number {
  return counted ?? estimatedCsvLineItems(source);
}

const UNITS: Record<string, number> = { k: 1e-6, m: 1e-3, g: 1, t: 1e3 };

const megabytesOf = (memoryLimit: string) => gigabytesOf(memoryLimit) * 1_000;

/** '256MB', '1GB', '4GiB' in GB (binary and decimal units alike: the ranges need no more precision). */
function gigabytesOf(memoryLimit: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt])i?b$/i.exec(memoryLimit.trim());
  if (!match?.[1] || !match[2]) return 1;
  return Number(match[1]) * (UNITS[match[2].toLowerCase()] ?? 1);
}

function estimatedCsvLineItems(source: BillingFileSource): number {
  const bytes = statSync(source.file).size;
  const expanded = source.container === 'csv.gz' ? bytes * GZIP_EXPANSION : bytes;
  return expanded / CSV_BYTES_PER_LINE_ITEM;
}

/**
 * The condition on a line item's usage day that keeps the range's line items; the first range also keeps
 * those without a day, so a line item lacking one is still found and named. Empty for the whole month.
 */
export function dayRangeCondition(range: DayRange, usageDate: string): string {
  if (range.firstDay === 1 && range.lastDay === DAYS) return '';
  const within = `dayofmonth(${usageDate}) BETWEEN ${range.firstDay} AND ${range.lastDay}`;
  return range.firstDay === 1 ? `(${usageDate} IS NULL OR ${within})` : within;
}
