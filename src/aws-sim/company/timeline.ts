/** UTC calendar arithmetic for billing periods and daily line items. */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Months of billing history kept before the current month (13 periods in all). */
export const HISTORY_MONTHS = 12;

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function startOfUtcMonth(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export function addUtcMonths(ms: number, months: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate());
}

/** 'YYYY-MM', the CUR 2.0 BILLING_PERIOD partition value. */
export function billingPeriodOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

export function billingPeriodStart(period: string): number {
  const [year, month] = period.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, 1);
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function parseIsoDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The 13 billing periods that exist at `nowMs`, oldest first. */
export function billingPeriodsAt(nowMs: number): string[] {
  const currentMonth = startOfUtcMonth(nowMs);
  const periods: string[] = [];
  for (let back = HISTORY_MONTHS; back >= 0; back -= 1) {
    periods.push(billingPeriodOf(addUtcMonths(currentMonth, -back)));
  }
  return periods;
}

/**
 * AWS refreshes the export several times a day; the simulator lets data land every few minutes so a
 * running demo keeps moving. Line items are cut at this granularity.
 */
export const REFRESH_INTERVAL_MS = 5 * 60_000;

export function dataCutoff(nowMs: number): number {
  return Math.floor(nowMs / REFRESH_INTERVAL_MS) * REFRESH_INTERVAL_MS;
}
