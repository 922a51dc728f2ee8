import type { Clock } from '../clock.ts';

/**
 * A clock that stands still at `iso`: a test whose data lives on fixed days (a sample bill of
 * September 2024) chooses the day it is read on, so plan windows and "today" hold on any real date.
 */
export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at) };
}
