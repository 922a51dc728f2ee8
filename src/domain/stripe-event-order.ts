/**
 * Stripe delivers webhooks at least once and in no guaranteed order. These rules decide
 * whether an event may change what we store, so a late or replayed event never undoes newer news.
 * Times are the events' `created` instants.
 */

export interface StoredStripeSubscription {
  subscriptionId: string | null;
  /** Stripe's status of that subscription: 'active', 'past_due', 'canceled', ... */
  status: string | null;
  /** When the newest event applied to it was created. */
  stateAt: Date | null;
}

export interface IncomingSubscriptionEvent {
  subscriptionId: string;
  status: string;
  createdAt: Date;
}

const ENDED = 'canceled';

/** Whether an event about a Stripe subscription may replace the stored subscription state. */
export function mayApplySubscriptionEvent(
  stored: StoredStripeSubscription,
  incoming: IncomingSubscriptionEvent,
): boolean {
  if (!stored.subscriptionId || !stored.stateAt) return true;
  if (stored.subscriptionId === incoming.subscriptionId) {
    // An ended subscription stays ended: Stripe never revives a canceled one.
    if (stored.status === ENDED) return false;
    return incoming.createdAt.getTime() >= stored.stateAt.getTime();
  }
  // Another subscription: news that it ended never replaces the one we follow; a newer one does.
  if (incoming.status === ENDED) return false;
  return stored.status === ENDED || incoming.createdAt.getTime() >= stored.stateAt.getTime();
}

export interface PaymentRecord {
  /** The first failed payment not yet followed by a successful one: the grace period counts from it. */
  paymentFailedAt: Date | null;
  lastPaidAt: Date | null;
}

/** A failed payment starts the grace period, unless a payment newer than it already succeeded. */
export function afterPaymentFailed(record: PaymentRecord, failedAt: Date): PaymentRecord {
  if (record.lastPaidAt && record.lastPaidAt.getTime() > failedAt.getTime()) return record;
  return { ...record, paymentFailedAt: record.paymentFailedAt ?? failedAt };
}

/** A successful payment ends the grace period, unless the failure is newer than it. */
export function afterPaymentSucceeded(record: PaymentRecord, paidAt: Date): PaymentRecord {
  const lastPaidAt =
    record.lastPaidAt && record.lastPaidAt.getTime() > paidAt.getTime() ? record.lastPaidAt : paidAt;
  const failureIsNewer = record.paymentFailedAt && record.paymentFailedAt.getTime() > paidAt.getTime();
  return { lastPaidAt, paymentFailedAt: failureIsNewer ? record.paymentFailedAt : null };
}

/**
 * A subscription reported in good standing ('active') ends a grace period older than the report,
 * but is no payment itself: the last payment stays what invoices said.
 */
export function afterGoodStanding(record: PaymentRecord, reportedAt: Date): PaymentRecord {
  const failureIsNewer = record.paymentFailedAt && record.paymentFailedAt.getTime() > reportedAt.getTime();
  return { ...record, paymentFailedAt: failureIsNewer ? record.paymentFailedAt : null };
}
