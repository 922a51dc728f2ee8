import { addDays } from './calendar-days.ts';
import { formatDayWithYear, formatInstantUtc } from './calendar-labels.ts';
import { formatUsd } from './money.ts';

/**
 * The under-used and returnable commitment alerts of a commitments rule (docs/decisions/105); the
 * expiry alert's rule and words are in commitment-expiry.ts (docs/decisions/099).
 */

/** A commitment's amounts on one day of the bill, a reservation's monthly unused fee spread over its days. */
export interface CommitmentDay {
  day: string;
  totalCommitment: number;
  usedCommitment: number;
}

export interface UnderUse {
  fromDay: string;
  toDay: string;
  days: number;
  /** Used against total over the days, 0-100. */
  utilizationPercent: number;
  /** The unused commitment a day, on average over the days. */
  unusedPerDay: number;
}

/**
 * Under-used: on each of the latest `days` calendar days of the commitment's bill, something was
 * committed and less than `belowPercent` of it used. A day missing from the bill, or with nothing
 * committed, breaks the run (no utilization is not a low one).
 */
export function underUse(
  series: readonly CommitmentDay[],
  belowPercent: number,
  days: number,
): UnderUse | null {
  const byDay = new Map(series.map((entry) => [entry.day, entry]));
  const last = [...byDay.keys()].sort().at(-1);
  if (!last) return null;
  let total = 0;
  let used = 0;
  for (let back = 0; back < days; back++) {
    const entry = byDay.get(addDays(last, -back));
    if (!entry || !(entry.totalCommitment > 0)) return null;
    if ((entry.usedCommitment / entry.totalCommitment) * 100 >= belowPercent) return null;
    total += entry.totalCommitment;
    used += entry.usedCommitment;
  }
  return {
    fromDay: addDays(last, -(days - 1)),
    toDay: last,
    days,
    utilizationPercent: (used / total) * 100,
    unusedPerDay: Math.max(0, total - used) / days,
  };
}

/** Once per commitment and calendar month of the run's last day: a plan under-used for months warns monthly. */
export function underUseDedupeKey(commitmentId: string, toDay: string): string {
  return `commitment-utilization:${commitmentId}:${toDay.slice(0, 7)}`;
}

/** Once per commitment: its return window opens once. */
export function returnWindowDedupeKey(commitmentId: string): string {
  return `commitment-return:${commitmentId}`;
}

export function underUseAlertText(
  commitment: { type: string; commitmentId: string },
  use: UnderUse,
  belowPercent: number,
): { title: string; summary: string } {
  const percent = `${use.utilizationPercent.toFixed(1)}%`;
  return {
    title: `${commitment.type} used ${percent}: ${formatUsd(use.unusedPerDay)} a day unused`,
    summary:
      `${commitment.commitmentId} used ${percent} of its commitment from ${formatDayWithYear(use.fromDay)} to ${formatDayWithYear(use.toDay)}, ` +
      `below ${belowPercent}% on each of those ${use.days} days: ${formatUsd(use.unusedPerDay)} a day of commitment paid for and not used.`,
  };
}

/** The return window's alert: the instant it closes (commitment-terms.ts, returnWindowClosesAt). */
export function returnWindowAlertText(
  commitment: { type: string; commitmentId: string; hourlyCommitmentUsd: number; startsAt: string },
  closesAt: string,
): { title: string; summary: string } {
  const closes = formatInstantUtc(closesAt);
  return {
    title: `${commitment.type} can be returned until ${closes}`,
    summary:
      `${commitment.commitmentId} (${formatUsd(commitment.hourlyCommitmentUsd)} an hour) was bought on ${formatDayWithYear(commitment.startsAt.slice(0, 10))}. ` +
      `AWS takes back a Savings Plan of $100 an hour or less within 7 days of its purchase and in the same calendar month: ` +
      `if it was bought by mistake, return it before ${closes}.`,
  };
}
