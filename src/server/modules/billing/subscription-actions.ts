import type { InvoiceList } from '../../../contracts/billing.ts';
import { trialEndsAtFor, trialKeptAtCheckout } from '../../../domain/plans.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, forbidden } from '../../plugins/errors.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { lockSubscription, type SubscriptionRow, saveSubscription } from './billing.repository.ts';
import type { CreditsService } from './credits.service.ts';
import { toInvoiceSummary } from './invoice-summary.ts';
import { subscriptionFacts } from './stripe-event-facts.ts';
import type { BusinessPlanId, StripeGateway } from './stripe-gateway.ts';
import { applySubscriptionState } from './stripe-webhook-handler.ts';

const conflict = (code: string, message: string) => new ApiError(409, code, message);
const paymentsOff = () =>
  conflict(
    'PaymentsNotConfigured',
    'Payments are not configured on this server: the operator can set your plan from the command line.',
  );

/** A Stripe subscription that still bills (or may): not ended. */
const hasLiveStripeSubscription = (row: SubscriptionRow) =>
  row.stripe_subscription_id !== null &&
  !['canceled', 'incomplete_expired'].includes(row.stripe_status ?? '');

/** What the owner does on the Subscription screen: trial, Checkout, portal, cancel, resume, free. */
export function createSubscriptionActions(deps: {
  context: AppContext;
  stripe: StripeGateway | undefined;
  credits: CreditsService;
  organizations: OrganizationsService;
  subscriptionOf: (organizationId: string) => Promise<SubscriptionRow>;
}) {
  const { context, stripe, credits, organizations, subscriptionOf } = deps;
  const { db } = context.database;
  const subscriptionPage = `${context.config.publicUrl}/subscription`;

  async function ownedSubscription(viewer: Viewer): Promise<SubscriptionRow> {
    if (viewer.organizationRole !== 'owner') throw forbidden('Only the organization owner manages billing.');
    if (viewer.isDemo) throw forbidden('The demo account cannot change its plan.');
    return subscriptionOf(viewer.organizationId);
  }

  async function stripeCustomerFor(viewer: Viewer, row: SubscriptionRow, gateway: StripeGateway) {
    if (row.stripe_customer_id) return row.stripe_customer_id;
    const membership = await organizations.membershipIn(viewer.userId, viewer.organizationId);
    const customerId = await gateway.createCustomer({
      organizationId: viewer.organizationId,
      email: viewer.email,
      name: membership?.organizationName ?? viewer.name,
    });
    await saveSubscription(db, viewer.organizationId, { stripe_customer_id: customerId });
    // Credits redeemed before there was a customer pay the first invoice.
    await credits.syncWithStripe(viewer.organizationId);
    return customerId;
  }

  /** Our own change to a Stripe subscription is applied at once, as newer than any webhook before it. */
  async function applyOwnChange(organizationId: string, change: Parameters<typeof subscriptionFacts>[0]) {
    const observedAt = context.clock.now();
    await db.transaction().execute(async (trx) => {
      const row = await lockSubscription(trx, organizationId);
      await applySubscriptionState(trx, row, subscriptionFacts(change, observedAt), observedAt);
    });
  }

  return {
    async startTrial(viewer: Viewer): Promise<void> {
      const row = await ownedSubscription(viewer);
      if (row.trial_started_at) throw conflict('TrialUsed', 'Your organization already used its trial.');
      if (row.plan !== 'free') throw conflict('AlreadyBusiness', 'Your organization is already on Business.');
      const now = context.clock.now();
      await saveSubscription(db, viewer.organizationId, {
        plan: 'business_monthly',
        source: 'trial',
        trial_started_at: now,
        trial_ends_at: trialEndsAtFor(now),
      });
    },

    async startCheckout(viewer: Viewer, plan: BusinessPlanId): Promise<string> {
      const row = await ownedSubscription(viewer);
      if (!stripe) throw paymentsOff();
      if (hasLiveStripeSubscription(row)) {
        throw conflict(
          'AlreadySubscribed',
          'Your organization already pays for Business: use Manage billing.',
        );
      }
      return stripe.createCheckoutSession({
        customerId: await stripeCustomerFor(viewer, row, stripe),
        organizationId: viewer.organizationId,
        plan,
        successUrl: `${subscriptionPage}?checkout=success`,
        cancelUrl: `${subscriptionPage}?checkout=cancelled`,
        trialEnd: row.source === 'trial' ? trialKeptAtCheckout(row.trial_ends_at, context.clock.now()) : null,
      });
    },

    async openPortal(viewer: Viewer): Promise<string> {
      const row = await ownedSubscription(viewer);
      if (!stripe) throw paymentsOff();
      if (!row.stripe_customer_id)
        throw conflict('NoBillingAccount', 'There is nothing to manage yet: upgrade first.');
      return stripe.createPortalSession(row.stripe_customer_id, subscriptionPage);
    },

    async listInvoices(viewer: Viewer): Promise<InvoiceList> {
      const row = await ownedSubscription(viewer);
      if (!stripe || !row.stripe_customer_id) return { invoices: [] };
      return { invoices: (await stripe.listInvoices(row.stripe_customer_id)).map(toInvoiceSummary) };
    },

    /** Stops the renewal: Business runs to the end of the paid period (then pay again or continue on free). */
    async cancelAtPeriodEnd(viewer: Viewer): Promise<void> {
      const row = await ownedSubscription(viewer);
      if (!stripe) throw paymentsOff();
      if (row.source !== 'stripe' || !hasLiveStripeSubscription(row) || !row.stripe_subscription_id) {
        throw conflict('NothingToCancel', 'Nothing renews: there is no paid subscription to cancel.');
      }
      await applyOwnChange(
        viewer.organizationId,
        await stripe.setCancelAtPeriodEnd(row.stripe_subscription_id, true),
      );
    },

    async resume(viewer: Viewer): Promise<void> {
      const row = await ownedSubscription(viewer);
      if (!stripe) throw paymentsOff();
      if (!row.cancel_at_period_end || !row.stripe_subscription_id || !hasLiveStripeSubscription(row)) {
        throw conflict('NothingToResume', 'The subscription is not set to end: there is nothing to resume.');
      }
      await applyOwnChange(
        viewer.organizationId,
        await stripe.setCancelAtPeriodEnd(row.stripe_subscription_id, false),
      );
    },

    /** Free from now on: a trial ends, a Stripe subscription is cancelled at once, an expired plan is settled. */
    async downgradeToFree(viewer: Viewer): Promise<void> {
      const row = await ownedSubscription(viewer);
      if (row.plan === 'free') throw conflict('AlreadyFree', 'Your organization is already on Free.');
      const live = hasLiveStripeSubscription(row) && row.stripe_subscription_id;
      if (live && !stripe) throw paymentsOff();
      if (live && stripe) await stripe.cancelNow(live);
      await saveSubscription(db, viewer.organizationId, {
        plan: 'free',
        source: 'free',
        trial_ends_at: null,
        current_period_end: null,
        cancel_at_period_end: false,
        cancelled_at: null,
        payment_failed_at: null,
        stripe_status: row.stripe_subscription_id ? 'canceled' : null,
        stripe_state_at: context.clock.now(),
      });
    },
  };
}
