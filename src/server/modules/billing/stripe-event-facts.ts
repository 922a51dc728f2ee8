import type Stripe from 'stripe';
import { isPlanId } from '../../../domain/plans.ts';
import type { BusinessPlanId } from './stripe-gateway.ts';

/**
 * What a Stripe webhook tells us, in our words. Only this file and invoice-summary.ts read
 * Stripe objects: a change of Stripe's API version is handled here.
 */
export type BillingEventFacts =
  | {
      kind: 'checkout-completed';
      organizationId: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      plan: BusinessPlanId | null;
      createdAt: Date;
    }
  | ({ kind: 'subscription-changed'; createdAt: Date } & StripeSubscriptionFacts)
  | {
      kind: 'invoice-paid' | 'invoice-payment-failed';
      organizationId: string | null;
      customerId: string | null;
      invoiceId: string;
      invoiceNumber: string | null;
      periodEnd: Date | null;
      /** Customer balance (our credits) the invoice consumed, in cents. */
      creditAppliedCents: number;
      createdAt: Date;
    }
  | { kind: 'ignored' };

export interface StripeSubscriptionFacts {
  organizationId: string | null;
  customerId: string | null;
  subscriptionId: string;
  status: string;
  plan: BusinessPlanId | null;
  currentPeriodEnd: Date | null;
  /** Set when the subscription will not renew (or ended): access runs to the period end. */
  cancelledAt: Date | null;
  cancelAtPeriodEnd: boolean;
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function businessPlan(value: string | undefined | null): BusinessPlanId | null {
  return value && isPlanId(value) && value !== 'free' ? value : null;
}

/** The price's interval first: a plan switched in the customer portal keeps the old metadata. */
function planOfSubscription(subscription: Stripe.Subscription): BusinessPlanId | null {
  const interval = subscription.items?.data[0]?.price?.recurring?.interval;
  if (interval === 'year') return 'business_yearly';
  if (interval === 'month') return 'business_monthly';
  return businessPlan(subscription.metadata?.plan);
}

/** `observedAt` stands in for Stripe's cancellation time when the object does not carry one. */
export function subscriptionFacts(
  subscription: Stripe.Subscription,
  observedAt: Date,
): StripeSubscriptionFacts {
  const periodEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end);
  const currentPeriodEnd = periodEnds.length > 0 ? fromUnix(Math.max(...periodEnds)) : null;
  const ended = subscription.status === 'canceled';
  const willEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  return {
    organizationId: subscription.metadata?.organization_id ?? null,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    status: subscription.status,
    plan: planOfSubscription(subscription),
    currentPeriodEnd: ended ? (fromUnix(subscription.ended_at) ?? currentPeriodEnd) : currentPeriodEnd,
    cancelledAt: ended || willEnd ? (fromUnix(subscription.canceled_at) ?? observedAt) : null,
    cancelAtPeriodEnd: willEnd,
  };
}

function invoiceFacts(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const lineEnds = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0);
  const starting = invoice.starting_balance ?? 0;
  const ending = invoice.ending_balance ?? starting;
  return {
    organizationId: details?.metadata?.organization_id ?? null,
    customerId: idOf(invoice.customer),
    invoiceId: invoice.id,
    invoiceNumber: invoice.number ?? null,
    periodEnd: lineEnds.length > 0 ? fromUnix(Math.max(...lineEnds)) : null,
    // A negative balance is credit; the invoice used the part by which it moved towards zero.
    creditAppliedCents: Math.max(0, ending - starting),
  };
}

export function billingEventFacts(event: Stripe.Event): BillingEventFacts {
  const createdAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignored' };
      return {
        kind: 'checkout-completed',
        organizationId: session.client_reference_id ?? session.metadata?.organization_id ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        plan: businessPlan(session.metadata?.plan),
        createdAt,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { kind: 'subscription-changed', createdAt, ...subscriptionFacts(event.data.object, createdAt) };
    case 'invoice.paid':
      return { kind: 'invoice-paid', createdAt, ...invoiceFacts(event.data.object) };
    case 'invoice.payment_failed':
      return { kind: 'invoice-payment-failed', createdAt, ...invoiceFacts(event.data.object) };
    default:
      return { kind: 'ignored' };
  }
}
