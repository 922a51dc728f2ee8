import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import {
  afterGoodStanding,
  afterPaymentFailed,
  afterPaymentSucceeded,
  mayApplySubscriptionEvent,
} from '../../../domain/stripe-event-order.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import {
  findOrganizationIdByStripeIds,
  lockSubscription,
  organizationExists,
  recordStripeEvent,
  type SubscriptionRow,
  saveSubscription,
  setStripeEventOutcome,
} from './billing.repository.ts';
import { recordInvoiceCreditUse } from './credit-usage.ts';
import {
  type BillingEventFacts,
  billingEventFacts,
  type StripeSubscriptionFacts,
} from './stripe-event-facts.ts';

type Db = Kysely<DatabaseSchema>;
type Facts<K extends BillingEventFacts['kind']> = Extract<BillingEventFacts, { kind: K }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYMENT_FAILING = new Set(['past_due', 'unpaid']);
const PAYMENT_OK = new Set(['active', 'trialing']);

const storedOf = (row: SubscriptionRow) => ({
  subscriptionId: row.stripe_subscription_id,
  status: row.stripe_status,
  stateAt: row.stripe_state_at,
});
const paymentsOf = (row: SubscriptionRow) => ({
  paymentFailedAt: row.payment_failed_at,
  lastPaidAt: row.last_paid_at,
});

async function organizationOf(db: Db, facts: Exclude<BillingEventFacts, { kind: 'ignored' }>) {
  const named = facts.organizationId;
  if (named && UUID.test(named) && (await organizationExists(db, named))) return named;
  const subscriptionId = 'subscriptionId' in facts ? facts.subscriptionId : null;
  return findOrganizationIdByStripeIds(db, { customerId: facts.customerId, subscriptionId });
}

async function applyCheckoutCompleted(db: Db, row: SubscriptionRow, facts: Facts<'checkout-completed'>) {
  if (!facts.subscriptionId || !facts.plan) return 'ignored: checkout without a subscription';
  const incoming = { subscriptionId: facts.subscriptionId, status: 'active', createdAt: facts.createdAt };
  if (!mayApplySubscriptionEvent(storedOf(row), incoming)) return 'stale';
  const sameSubscription = row.stripe_subscription_id === facts.subscriptionId;
  await saveSubscription(db, row.organization_id, {
    plan: facts.plan,
    source: 'stripe',
    stripe_customer_id: facts.customerId ?? row.stripe_customer_id,
    stripe_subscription_id: facts.subscriptionId,
    stripe_status: sameSubscription ? row.stripe_status : 'active',
    stripe_state_at: facts.createdAt,
    // Stripe's subscription takes over the trial: it keeps the days left (decision 007).
    trial_ends_at: null,
    current_period_end: sameSubscription ? row.current_period_end : null,
    cancel_at_period_end: sameSubscription ? row.cancel_at_period_end : false,
    cancelled_at: sameSubscription ? row.cancelled_at : null,
    payment_failed_at: null,
  });
  return 'applied';
}

/** The state of a Stripe subscription, from a webhook or from our own call to Stripe. */
export async function applySubscriptionState(
  db: Db,
  row: SubscriptionRow,
  facts: StripeSubscriptionFacts,
  observedAt: Date,
): Promise<'applied' | 'stale'> {
  const incoming = { subscriptionId: facts.subscriptionId, status: facts.status, createdAt: observedAt };
  if (!mayApplySubscriptionEvent(storedOf(row), incoming)) return 'stale';
  let payments = paymentsOf(row);
  if (PAYMENT_FAILING.has(facts.status)) payments = afterPaymentFailed(payments, observedAt);
  if (PAYMENT_OK.has(facts.status)) payments = afterGoodStanding(payments, observedAt);
  const fallbackPlan = row.plan === 'free' ? 'business_monthly' : row.plan;
  await saveSubscription(db, row.organization_id, {
    plan: facts.plan ?? fallbackPlan,
    source: 'stripe',
    stripe_customer_id: facts.customerId ?? row.stripe_customer_id,
    stripe_subscription_id: facts.subscriptionId,
    stripe_status: facts.status,
    stripe_state_at: observedAt,
    trial_ends_at: null,
    current_period_end: facts.currentPeriodEnd,
    cancel_at_period_end: facts.cancelAtPeriodEnd,
    cancelled_at: facts.cancelledAt,
    payment_failed_at: payments.paymentFailedAt,
    last_paid_at: payments.lastPaidAt,
  });
  return 'applied';
}

async function applyInvoice(
  db: Db,
  row: SubscriptionRow,
  facts: Facts<'invoice-paid' | 'invoice-payment-failed'>,
) {
  if (row.source !== 'stripe' || row.plan === 'free') return 'ignored: no paid plan';
  if (facts.kind === 'invoice-payment-failed') {
    const payments = afterPaymentFailed(paymentsOf(row), facts.createdAt);
    await saveSubscription(db, row.organization_id, { payment_failed_at: payments.paymentFailedAt });
    return 'applied';
  }
  const payments = afterPaymentSucceeded(paymentsOf(row), facts.createdAt);
  const periodMovesOn =
    facts.periodEnd && (!row.current_period_end || facts.periodEnd > row.current_period_end);
  await saveSubscription(db, row.organization_id, {
    payment_failed_at: payments.paymentFailedAt,
    last_paid_at: payments.lastPaidAt,
    current_period_end: periodMovesOn ? facts.periodEnd : row.current_period_end,
  });
  await recordInvoiceCreditUse(db, row.organization_id, facts);
  return 'applied';
}

async function applyFacts(
  db: Db,
  organizationId: string,
  facts: Exclude<BillingEventFacts, { kind: 'ignored' }>,
) {
  const row = await lockSubscription(db, organizationId);
  switch (facts.kind) {
    case 'checkout-completed':
      return applyCheckoutCompleted(db, row, facts);
    case 'subscription-changed':
      return applySubscriptionState(db, row, facts, facts.createdAt);
    default:
      return applyInvoice(db, row, facts);
  }
}

/**
 * Applies one verified Stripe event exactly once: its id is recorded in the same transaction as its
 * effect, so a replay or a second delivery answers 'duplicate' and changes nothing.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<string> {
  const facts = billingEventFacts(event);
  return db.transaction().execute(async (trx) => {
    const organizationId = facts.kind === 'ignored' ? null : ((await organizationOf(trx, facts)) ?? null);
    const first = await recordStripeEvent(trx, {
      eventId: event.id,
      type: event.type,
      organizationId,
      outcome: 'received',
    });
    if (!first) return 'duplicate';
    let outcome = 'ignored: not a billing event';
    if (facts.kind !== 'ignored') {
      outcome = organizationId
        ? await applyFacts(trx, organizationId, facts)
        : 'ignored: unknown organization';
    }
    await setStripeEventOutcome(trx, event.id, outcome);
    return outcome;
  });
}
