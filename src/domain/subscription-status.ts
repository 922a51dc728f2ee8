/**
 * Whether an organization's plan is in force. A lapsed business subscription — trial
 * over without payment, a payment failed past the grace period, or cancelled and the paid period
 * over — makes messages and billing queries answer 'Subscription Expired' until the owner
 * pays or continues on free. Free never expires.
 */

import type { PlanId } from './plans.ts';

/** The wording, as the API returns it. */
export const SUBSCRIPTION_EXPIRED = 'Subscription Expired';

/** Days a business plan keeps working after a failed payment, or after a period ends unrenewed (a late webhook). */
export const PAYMENT_GRACE_DAYS = 7;
const MS_PER_DAY = 86_400_000;

export type SubscriptionState = 'active' | 'trialing' | 'grace' | 'expired';

export type SubscriptionReason =
  | 'free'
  | 'paid'
  | 'trial'
  | 'trial-ended'
  | 'payment-failed'
  | 'cancelled'
  | 'period-ended';

export interface SubscriptionFacts {
  plan: PlanId;
  trialEndsAt?: Date | null;
  /** End of the period paid for (Stripe's current_period_end). */
  currentPeriodEnd?: Date | null;
  /** Set by invoice.payment_failed, cleared by invoice.paid. */
  paymentFailedAt?: Date | null;
  /** Set when the owner cancels; access runs to the end of the paid period. */
  cancelledAt?: Date | null;
  now: Date;
}

export interface SubscriptionStatus {
  state: SubscriptionState;
  reason: SubscriptionReason;
  /** When access ends or ended, if it does; null while nothing ends it. */
  accessEndsAt: Date | null;
}

const afterGrace = (from: Date) => new Date(from.getTime() + PAYMENT_GRACE_DAYS * MS_PER_DAY);
const isBefore = (a: Date, b: Date) => a.getTime() < b.getTime();

function trialStatus({ trialEndsAt, currentPeriodEnd, now }: SubscriptionFacts): SubscriptionStatus | null {
  if (!trialEndsAt) return null;
  if (isBefore(now, trialEndsAt)) return { state: 'trialing', reason: 'trial', accessEndsAt: trialEndsAt };
  const paidBeyondTrial = currentPeriodEnd && isBefore(trialEndsAt, currentPeriodEnd);
  return paidBeyondTrial ? null : { state: 'expired', reason: 'trial-ended', accessEndsAt: trialEndsAt };
}

export function subscriptionStatus(facts: SubscriptionFacts): SubscriptionStatus {
  const { plan, currentPeriodEnd, paymentFailedAt, cancelledAt, now } = facts;
  if (plan === 'free') return { state: 'active', reason: 'free', accessEndsAt: null };
  const trial = trialStatus(facts);
  if (trial) return trial;
  if (cancelledAt) {
    const end = currentPeriodEnd ?? cancelledAt;
    return { state: isBefore(now, end) ? 'active' : 'expired', reason: 'cancelled', accessEndsAt: end };
  }
  if (paymentFailedAt) {
    const end = afterGrace(paymentFailedAt);
    return { state: isBefore(now, end) ? 'grace' : 'expired', reason: 'payment-failed', accessEndsAt: end };
  }
  if (currentPeriodEnd && !isBefore(now, currentPeriodEnd)) {
    const end = afterGrace(currentPeriodEnd);
    return { state: isBefore(now, end) ? 'grace' : 'expired', reason: 'period-ended', accessEndsAt: end };
  }
  return { state: 'active', reason: 'paid', accessEndsAt: null };
}

/** True when messages and billing queries must answer 'Subscription Expired'. */
export function isSubscriptionExpired(facts: SubscriptionFacts): boolean {
  return subscriptionStatus(facts).state === 'expired';
}

/** The plan whose features and limits apply now: a lapsed business plan gives only what free gives. */
export function planInForce(facts: SubscriptionFacts): PlanId {
  return isSubscriptionExpired(facts) ? 'free' : facts.plan;
}
