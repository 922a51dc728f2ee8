import type { StripeStandIn } from './stripe-stand-in/stripe-stand-in.ts';
import type { TestApp } from './test-app.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_test_spendguard';

/** Webhooks from the stand-in reach the app in-process, as Stripe's would over HTTP; a refusal fails loudly. */
export function deliverWebhooksTo(server: () => TestApp, stripe: StripeStandIn): void {
  stripe.setDelivery(async (payload, signature) => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (response.statusCode !== 200)
      throw new Error(`webhook refused: ${response.statusCode} ${response.body}`);
  });
}
