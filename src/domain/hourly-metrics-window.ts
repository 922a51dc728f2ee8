/**
 * The 14 days of hourly CloudWatch maxima the rightsizing rule reads (Compute Optimizer's default
 * look-back). A day counts when it has at least one hourly value.
 */

import { addDays, type IsoDay } from './calendar-days.ts';

export const RIGHTSIZING_LOOKBACK_DAYS = 14;

/** Hourly maxima of one day, in percent. */
export interface HourlyMaxima {
  date: IsoDay;
  hourlyMax: readonly number[];
}

/** The days of the 14-day window that have hourly values. */
function daysInWindow(
  samples: readonly HourlyMaxima[] | null | undefined,
  windowEnd: IsoDay,
): HourlyMaxima[] {
  const windowStart = addDays(windowEnd, -(RIGHTSIZING_LOOKBACK_DAYS - 1));
  return (samples ?? []).filter(
    (s) => s.date >= windowStart && s.date <= windowEnd && s.hourlyMax.length > 0,
  );
}

const distinctDays = (days: readonly HourlyMaxima[]) => new Set(days.map((day) => day.date)).size;

/** All hourly values of the window, or null unless every one of the 14 days has some. */
export function windowValues(
  samples: readonly HourlyMaxima[] | null | undefined,
  windowEnd: IsoDay,
): number[] | null {
  const days = daysInWindow(samples, windowEnd);
  return distinctDays(days) < RIGHTSIZING_LOOKBACK_DAYS ? null : days.flatMap((day) => day.hourlyMax);
}

/** How many of the 14 days have hourly values. */
export function daysCoveredInWindow(samples: readonly HourlyMaxima[], windowEnd: IsoDay): number {
  return distinctDays(daysInWindow(samples, windowEnd));
}
