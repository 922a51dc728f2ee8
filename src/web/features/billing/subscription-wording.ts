import type { SubscriptionSummary } from '../../../contracts/billing.ts';
import { formatWhenDay } from '../../lib/instant-format.ts';

const DAY_MS = 86_400_000;

export const formatDay = formatWhenDay;

/** The last day an end instant still covers: an end at midnight belongs to the day before. */
export const formatLastDay = (iso: string) => formatWhenDay(new Date(Date.parse(iso) - 1));

export const formatUsd = (usd: number) =>
  usd.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Whole days left until `iso`, counting a started day as one (0 once it passed). */
export function daysUntil(iso: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / DAY_MS));
}

export interface StateWording {
  badge: string;
  color: string;
  /** One line under the plan name: when it renews, ends or ended. */
  line: string;
}

type Summary = Pick<
  SubscriptionSummary,
  'plan' | 'state' | 'reason' | 'source' | 'renewsAt' | 'firstChargeAt' | 'accessEndsAt' | 'trialEndsAt'
>;

function endsLine(summary: Summary, now: Date): string {
  const end = summary.accessEndsAt;
  if (summary.reason === 'trial' && end) {
    const days = daysUntil(end, now);
    return `Trial ends in ${days} ${days === 1 ? 'day' : 'days'}, on ${formatDay(end)}.`;
  }
  if (summary.reason === 'payment-failed' && end)
    return `Your last payment failed. Business keeps working until ${formatDay(end)}.`;
  if (summary.reason === 'period-ended' && end)
    return `The renewal has not come through. Business keeps working until ${formatDay(end)}.`;
  if (summary.source === 'operator')
    return end
      ? `Set by your operator through ${formatLastDay(end)}.`
      : 'Set by your operator, with no end date.';
  if (summary.reason === 'cancelled' && end) return `Ends on ${formatDay(end)}: it will not renew.`;
  if (summary.firstChargeAt)
    return `The trial's days are kept: the first charge is on ${formatDay(summary.firstChargeAt)}.`;
  return summary.renewsAt ? `Renews on ${formatDay(summary.renewsAt)}.` : 'Renews automatically.';
}

const EXPIRED_LINES: Record<string, (day: string) => string> = {
  'trial-ended': (day) => `Your Business trial ended on ${day}.`,
  'payment-failed': (day) => `A payment failed and the grace period ended on ${day}.`,
  cancelled: (day) => `Your Business subscription ended on ${day}.`,
  'period-ended': (day) => `Your paid period ended without renewal; the grace period ended on ${day}.`,
};

/** How the Subscription screen and the banner put the plan's state into words. */
export function describeSubscriptionState(summary: Summary, now: Date): StateWording {
  if (summary.state === 'expired') {
    const day = summary.accessEndsAt ? formatDay(summary.accessEndsAt) : 'an earlier date';
    const line = EXPIRED_LINES[summary.reason]?.(day) ?? 'Your Business plan has ended.';
    return { badge: 'Expired', color: 'red', line };
  }
  if (summary.plan === 'free') return { badge: 'Free', color: 'gray', line: 'Free forever: no card needed.' };
  if (summary.state === 'trialing') return { badge: 'Trial', color: 'blue', line: endsLine(summary, now) };
  if (summary.state === 'grace')
    return { badge: 'Payment due', color: 'orange', line: endsLine(summary, now) };
  const badge = summary.reason === 'cancelled' ? 'Ending' : 'Active';
  return { badge, color: summary.reason === 'cancelled' ? 'yellow' : 'teal', line: endsLine(summary, now) };
}

/** A quieter line on how the plan is paid, under the dates. */
export function paymentNote(
  summary: Pick<SubscriptionSummary, 'plan' | 'source' | 'state' | 'payments'>,
): string {
  if (summary.source === 'stripe') {
    const mode = summary.payments.testMode ? ' in test mode: no real card is charged' : '';
    return `Paid by card through Stripe${mode}.`;
  }
  if (summary.source === 'trial')
    return 'No card needed for the trial. When it ends, pay to keep Business or continue on Free.';
  if (summary.source === 'operator') return 'Your plan was set by the person who runs this server.';
  return 'Upgrade for Slack alerts, anomaly detection, teams and up to 20 AWS integrations.';
}
