/**
 * Where a commitment stands in its term (decision 098): queued before its start, active, expired after
 * its end; how many days it has left; and until when a Savings Plan may still be returned. AWS takes a
 * Savings Plan back when its hourly commitment is $100 or less, within 7 days of its purchase and in the
 * same calendar month (UTC); the bill's start time stands for the purchase.
 */

const MS_PER_DAY = 86_400_000;
export const RETURNABLE_MAX_HOURLY_USD = 100;
const RETURN_WINDOW_DAYS = 7;

export type CommitmentState = 'queued' | 'active' | 'expired';

export interface CommitmentDates {
  startsAt: string | null;
  endsAt: string | null;
}

export function commitmentState(dates: CommitmentDates, now: Date): CommitmentState {
  const at = now.getTime();
  if (dates.startsAt && Date.parse(dates.startsAt) > at) return 'queued';
  if (dates.endsAt && Date.parse(dates.endsAt) <= at) return 'expired';
  return 'active';
}

/** Whole days from now until the commitment ends (0 on its last day), null when its end is unknown. */
export function daysUntilEnd(endsAt: string | null, now: Date): number | null {
  if (!endsAt) return null;
  return Math.floor((Date.parse(endsAt) - now.getTime()) / MS_PER_DAY);
}

/**
 * The instant a Savings Plan's return window closes, while it is open: the earlier of 7 days after its
 * purchase and the end of its calendar month. Null for a reservation, a plan over $100 an hour, an
 * unknown start or hourly commitment, and once the window has closed.
 */
export function returnWindowClosesAt(
  kind: 'savings-plan' | 'reservation',
  dates: CommitmentDates,
  hourlyCommitmentUsd: number | null,
  now: Date,
): string | null {
  if (kind !== 'savings-plan' || !dates.startsAt || hourlyCommitmentUsd === null) return null;
  if (hourlyCommitmentUsd > RETURNABLE_MAX_HOURLY_USD) return null;
  const bought = new Date(dates.startsAt);
  const sevenDays = bought.getTime() + RETURN_WINDOW_DAYS * MS_PER_DAY;
  const monthEnd = Date.UTC(bought.getUTCFullYear(), bought.getUTCMonth() + 1, 1);
  const closes = Math.min(sevenDays, monthEnd);
  const at = now.getTime();
  if (at < bought.getTime() || at >= closes) return null;
  return new Date(closes).toISOString();
}
