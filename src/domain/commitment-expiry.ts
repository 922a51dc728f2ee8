import { formatDayWithYear } from './calendar-labels.ts';
import { formatUsd } from './money.ts';

/**
 * When a commitment's expiry is announced (decision 099): at lead times before its end, by default 60,
 * 30, 7 and 1 days as AWS mails Savings Plan expiries, exactly once per lead time and commitment. A
 * commitment first seen closer to its end than some leads announces only the nearest lead it has
 * reached, not every lead it passed (one mail, not four, after a first sync).
 */

export const DEFAULT_EXPIRY_LEAD_DAYS: readonly number[] = [60, 30, 7, 1];

/** The one key per commitment and lead: the outbox inserts a key once, so a lead fires once. */
export function expiryDedupeKey(commitmentId: string, leadDays: number): string {
  return `commitment-expiry:${commitmentId}:${leadDays}`;
}

/**
 * The lead time to announce now, or null: the smallest lead the days left have reached, unless it (or
 * a smaller one) was announced already. Nothing once the commitment has ended (days left below 0).
 */
export function dueExpiryLead(
  daysLeft: number | null,
  leads: readonly number[],
  announced: ReadonlySet<number>,
): number | null {
  if (daysLeft === null || daysLeft < 0) return null;
  const reached = leads.filter((lead) => daysLeft <= lead).sort((a, b) => a - b);
  const nearest = reached[0];
  if (nearest === undefined) return null;
  if ([...announced].some((lead) => lead <= nearest)) return null;
  return nearest;
}

/** What the alert says about a commitment that ends. */
export interface ExpiringCommitment {
  type: string;
  commitmentId: string;
  /** ISO instant. */
  endsAt: string;
  daysLeft: number;
  /**
   * What the covered usage would have cost On-Demand over the last 30 days, and what the commitment
   * cost over them; null when the bill does not say the On-Demand cost.
   */
  last30Days: { onDemandEquivalent: number; commitmentCost: number } | null;
}

/** Days in an average month: the extra a month is the last 30 days' difference scaled to 365.25 / 12. */
const DAYS_PER_MONTH = 365.25 / 12;

/** What the covered usage is worth a month On-Demand, and what it costs a month more once the commitment ends. */
export function monthlyCostAfterEnd(figures: { onDemandEquivalent: number; commitmentCost: number }): {
  covers: number;
  extraPerMonth: number;
} {
  return {
    covers: (figures.onDemandEquivalent / 30) * DAYS_PER_MONTH,
    extraPerMonth: ((figures.onDemandEquivalent - figures.commitmentCost) / 30) * DAYS_PER_MONTH,
  };
}

/** The title and summary of an expiry alert, naming what the same usage costs a month more from the end. */
export function expiryAlertText(commitment: ExpiringCommitment): { title: string; summary: string } {
  const endDay = formatDayWithYear(commitment.endsAt.slice(0, 10));
  const when =
    commitment.daysLeft === 0
      ? 'today'
      : `in ${commitment.daysLeft} day${commitment.daysLeft === 1 ? '' : 's'}`;
  const title = `${commitment.type} ends ${when} (${endDay})`;
  const figures = commitment.last30Days;
  if (!figures) {
    return {
      title,
      summary: `${commitment.commitmentId} ends on ${endDay}. From then its usage is billed at On-Demand prices; the bill does not say what that usage costs On-Demand, so the increase is unknown.`,
    };
  }
  const { extraPerMonth, covers } = monthlyCostAfterEnd(figures);
  return {
    title,
    summary:
      `${commitment.commitmentId} ends on ${endDay}. It covers usage worth ${formatUsd(covers)} a month at On-Demand prices; ` +
      `from ${endDay} the same usage costs ${formatUsd(Math.max(0, extraPerMonth))} a month more.`,
  };
}
