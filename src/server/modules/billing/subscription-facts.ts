import type { SubscriptionSummary } from '../../../contracts/billing.ts';
import { PLAN_LIMITS, PLANS, type PlanId, type PlanLimit } from '../../../domain/plans.ts';
import {
  planInForce,
  type SubscriptionFacts,
  type SubscriptionStatus,
  subscriptionStatus,
} from '../../../domain/subscription-status.ts';
import type { SubscriptionRow } from './billing.repository.ts';

/** An organization that never had a row is on free, and may still start its trial. */
export const FREE_SUBSCRIPTION: SubscriptionRow = {
  organization_id: '',
  plan: 'free',
  source: 'free',
  trial_started_at: null,
  trial_ends_at: null,
  current_period_end: null,
  cancel_at_period_end: false,
  cancelled_at: null,
  payment_failed_at: null,
  last_paid_at: null,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  stripe_status: null,
  stripe_state_at: null,
  updated_at: new Date(0),
};

export function factsOf(row: SubscriptionRow, now: Date): SubscriptionFacts {
  return {
    plan: row.plan,
    trialEndsAt: row.trial_ends_at,
    currentPeriodEnd: row.current_period_end,
    paymentFailedAt: row.payment_failed_at,
    cancelledAt: row.cancelled_at,
    now,
  };
}

/** What the organization may use now: the plan in force and its state. */
export interface Entitlements {
  plan: PlanId;
  planInForce: PlanId;
  status: SubscriptionStatus;
}

export function entitlementsOf(row: SubscriptionRow, now: Date): Entitlements {
  const facts = factsOf(row, now);
  return { plan: row.plan, planInForce: planInForce(facts), status: subscriptionStatus(facts) };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSubscriptionSummary(
  row: SubscriptionRow,
  context: {
    now: Date;
    canManage: boolean;
    payments: { configured: boolean; testMode: boolean };
    usage: Partial<Record<PlanLimit, number>>;
  },
): SubscriptionSummary {
  const { plan, planInForce: inForce, status } = entitlementsOf(row, context.now);
  const renews = row.source === 'stripe' && status.state === 'active' && status.reason === 'paid';
  return {
    plan,
    planName: row.source === 'trial' ? 'Business trial' : PLANS[plan].name,
    planInForce: inForce,
    state: status.state,
    reason: status.reason,
    source: row.source,
    renewsAt: renews ? iso(row.current_period_end) : null,
    firstChargeAt: renews && row.stripe_status === 'trialing' ? iso(row.current_period_end) : null,
    accessEndsAt: iso(status.accessEndsAt),
    trialEndsAt: iso(row.trial_ends_at),
    trialAvailable: row.trial_started_at === null && row.source === 'free',
    cancelAtPeriodEnd: row.cancel_at_period_end,
    paymentFailedAt: iso(row.payment_failed_at),
    hasBillingAccount: context.payments.configured && row.stripe_customer_id !== null,
    canManage: context.canManage,
    payments: context.payments,
    features: [...PLANS[inForce].features],
    limits: PLAN_LIMITS.map((limit) => ({
      limit,
      included: PLANS[inForce].limits[limit],
      used: context.usage[limit] ?? null,
    })),
  };
}
