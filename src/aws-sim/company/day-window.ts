import { DAY_MS, HOUR_MS, isoDay } from './timeline.ts';

/** The slice of one UTC day that has been billed so far (a whole day, or today up to the cutoff). */
export interface DayWindow {
  dayStart: number;
  /** 'YYYY-MM-DD' of dayStart. */
  day: string;
  end: number;
  /** Share of the day inside the window, 1 for a finished day. */
  fraction: number;
  /** Hours in the billing period, for storage billed per GB-month. */
  hoursInMonth: number;
}

export function windowHours(window: DayWindow): number {
  return (window.end - window.dayStart) / HOUR_MS;
}

export function dayWindowsOfPeriod(periodStart: number, periodEnd: number, cutoff: number): DayWindow[] {
  const hoursInMonth = (periodEnd - periodStart) / HOUR_MS;
  const windows: DayWindow[] = [];
  for (let dayStart = periodStart; dayStart < periodEnd && dayStart < cutoff; dayStart += DAY_MS) {
    const end = Math.min(dayStart + DAY_MS, cutoff);
    windows.push({ dayStart, day: isoDay(dayStart), end, fraction: (end - dayStart) / DAY_MS, hoursInMonth });
  }
  return windows;
}
