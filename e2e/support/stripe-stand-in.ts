import { startStripeStandIn } from '../../src/server/testing/stripe-stand-in/stripe-stand-in.ts';

const E2E_WEBHOOK_SECRET = 'whsec_e2e_spendguard';

/**
 * Stripe's API and hosted pages for the e2e server (the same stand-in the integration tests use):
 * paying on its Checkout page posts the signed webhooks to the app over HTTP, as Stripe does.
 */
export function startE2eStripe(appUrl: string) {
  return startStripeStandIn({
    webhookSecret: E2E_WEBHOOK_SECRET,
    async deliver(payload, signature) {
      const response = await fetch(`${appUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      if (!response.ok)
        throw new Error(`the app refused a webhook: ${response.status} ${await response.text()}`);
    },
  });
}
