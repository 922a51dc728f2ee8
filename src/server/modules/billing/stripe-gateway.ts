import Stripe from 'stripe';
import { PLANS } from '../../../domain/plans.ts';
import type { StripeSettings } from '../../config.ts';
import { ApiError } from '../../plugins/errors.ts';

export type BusinessPlanId = 'business_monthly' | 'business_yearly';

/** Every call Spendguard makes to Stripe, through the real SDK; the API address comes from the config. */
export function createStripeGateway(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, {
    host: settings.api.host,
    port: settings.api.port,
    protocol: settings.api.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Spendguard' },
  });

  /** A configured Price, or the amount of src/domain/plans.ts sent inline so Stripe always charges it. */
  function lineItemFor(plan: BusinessPlanId): Stripe.Checkout.SessionCreateParams.LineItem {
    const price = settings.priceIds[plan];
    if (price) return { price, quantity: 1 };
    const definition = PLANS[plan];
    return {
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: definition.priceUsdCents,
        recurring: { interval: definition.interval === 'year' ? 'year' : 'month' },
        product_data: { name: `Spendguard ${definition.name}` },
      },
    };
  }

  return {
    testMode: settings.testMode,

    /** Checks the Stripe-Signature header against the raw body; throws when it does not match. */
    verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },

    async createCustomer(customer: { organizationId: string; email: string; name: string }): Promise<string> {
      const created = await call(() =>
        stripe.customers.create(
          {
            email: customer.email,
            name: customer.name,
            metadata: { organization_id: customer.organizationId },
          },
          { idempotencyKey: `customer-${customer.organizationId}` },
        ),
      );
      return created.id;
    },

    async createCheckoutSession(checkout: {
      customerId: string;
      organizationId: string;
      plan: BusinessPlanId;
      successUrl: string;
      cancelUrl: string;
      /** The trial's end, kept when paying during it: Stripe charges first then. */
      trialEnd: Date | null;
    }): Promise<string> {
      const metadata = { organization_id: checkout.organizationId, plan: checkout.plan };
      const trial = checkout.trialEnd ? { trial_end: Math.floor(checkout.trialEnd.getTime() / 1000) } : {};
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: checkout.customerId,
          client_reference_id: checkout.organizationId,
          line_items: [lineItemFor(checkout.plan)],
          metadata,
          subscription_data: { metadata, ...trial },
          success_url: checkout.successUrl,
          cancel_url: checkout.cancelUrl,
        }),
      );
      if (!session.url)
        throw new ApiError(502, 'PaymentProviderError', 'Stripe did not return a Checkout page.');
      return session.url;
    },

    async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async listInvoices(customerId: string): Promise<Stripe.Invoice[]> {
      const page = await call(() => stripe.invoices.list({ customer: customerId, limit: 24 }));
      return page.data;
    },

    setCancelAtPeriodEnd: (subscriptionId: string, cancel: boolean) =>
      call(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })),

    cancelNow: (subscriptionId: string) => call(() => stripe.subscriptions.cancel(subscriptionId)),

    /** Moves money onto (negative cents) or off (positive) the customer's balance for the next invoices. */
    async adjustCustomerBalance(change: {
      customerId: string;
      cents: number;
      description: string;
      idempotencyKey: string;
    }): Promise<string> {
      const transaction = await call(() =>
        stripe.customers.createBalanceTransaction(
          change.customerId,
          { amount: change.cents, currency: 'usd', description: change.description },
          { idempotencyKey: change.idempotencyKey },
        ),
      );
      return transaction.id;
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;

/** Stripe's refusals and outages reach the person as a readable 502, not a bare 500. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new ApiError(502, 'PaymentProviderError', `Stripe refused the request: ${error.message}`);
    }
    throw error;
  }
}
