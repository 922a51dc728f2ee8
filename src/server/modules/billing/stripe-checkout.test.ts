import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { deliverWebhooksTo, TEST_WEBHOOK_SECRET } from '../../testing/stripe-fixtures.ts';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-stand-in/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let stripe: StripeStandIn;
let server: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: TEST_WEBHOOK_SECRET });
  server = await createTestApp({ env: stripe.env });
  deliverWebhooksTo(() => server, stripe);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const post = (person: TestPerson, action: string, payload?: object) =>
  server.app.inject({ method: 'POST', url: `/api/billing/${action}`, headers: person.headers, payload });
const summary = async (person: TestPerson) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: person.headers })
  ).json();
const me = async (person: TestPerson) =>
  (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: person.headers })).json();
const lastRequest = (method: string, path: string) =>
  stripe.requests.filter((request) => request.method === method && request.path === path).at(-1);

async function checkout(person: TestPerson, plan: 'business_monthly' | 'business_yearly') {
  const response = await post(person, 'checkout', { plan });
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
  return { url: response.json().url as string, sessionId };
}

describe('upgrading through Stripe Checkout', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'payer@example.com', 'Paula Payer');
    await post(owner, 'trial');
  });

  it('creates the customer once and a subscription Checkout session at the price of plans.ts', async () => {
    const { url } = await checkout(owner, 'business_monthly');
    expect(url.startsWith(stripe.url)).toBe(true);
    const customer = lastRequest('POST', '/v1/customers');
    expect(customer?.form).toMatchObject({
      email: 'payer@example.com',
      metadata: { organization_id: owner.organizationId },
    });
    expect(customer?.idempotencyKey).toBe(`customer-${owner.organizationId}`);
    expect(lastRequest('POST', '/v1/checkout/sessions')?.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.organizationId,
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '4900', recurring: { interval: 'month' } },
        },
      ],
      subscription_data: { metadata: { organization_id: owner.organizationId, plan: 'business_monthly' } },
      success_url: 'http://localhost:3000/subscription?checkout=success',
    });
    expect((await me(owner)).stripe_customer_id).toMatch(/^cus_/);
  });

  it('charges $490 a year for the yearly plan', async () => {
    await checkout(owner, 'business_yearly');
    expect(lastRequest('POST', '/v1/checkout/sessions')?.form).toMatchObject({
      line_items: [{ price_data: { unit_amount: '49000', recurring: { interval: 'year' } } }],
    });
    expect(stripe.requests.filter((request) => request.path === '/v1/customers')).toHaveLength(1);
  });

  it("puts the organization on Business when Stripe reports the Checkout, keeping the trial's days", async () => {
    const trialEndsAt = (await summary(owner)).trialEndsAt as string;
    const { sessionId } = await checkout(owner, 'business_monthly');
    // Paid during the trial: Stripe charges first when the trial would have ended.
    expect(lastRequest('POST', '/v1/checkout/sessions')?.form).toMatchObject({
      subscription_data: { trial_end: String(Math.floor(Date.parse(trialEndsAt) / 1000)) },
    });
    await stripe.completeCheckout(sessionId);
    const after = await summary(owner);
    expect(after).toMatchObject({
      plan: 'business_monthly',
      state: 'active',
      reason: 'paid',
      source: 'stripe',
      trialEndsAt: null,
      hasBillingAccount: true,
      payments: { configured: true, testMode: true },
    });
    expect(Date.parse(after.firstChargeAt)).toBe(Math.floor(Date.parse(trialEndsAt) / 1000) * 1000);
    expect(after.renewsAt).toBe(after.firstChargeAt);
    expect((await me(owner)).subscription_plan).toBe('business_monthly');
  });

  it("lists the trial's invoice from Stripe, at $0", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: owner.headers,
    });
    expect(response.json().invoices).toEqual([
      expect.objectContaining({
        number: 'SG-1',
        status: 'paid',
        totalUsd: 0,
        amountPaidUsd: 0,
        creditAppliedUsd: 0,
      }),
    ]);
  });

  it("charges at once when less than Stripe's 48 hours of trial are left", async () => {
    const late = await signUpVerifiedOwner(server, 'late@example.com', 'Lee Late');
    await post(late, 'trial');
    await server.context.database.db
      .updateTable('subscriptions')
      .set({ trial_ends_at: new Date(Date.now() + 47 * 3_600_000) })
      .where('organization_id', '=', late.organizationId)
      .execute();
    const { sessionId } = await checkout(late, 'business_monthly');
    expect(lastRequest('POST', '/v1/checkout/sessions')?.form).not.toHaveProperty(
      'subscription_data.trial_end',
    );
    await stripe.completeCheckout(sessionId);
    const after = await summary(late);
    expect(after.firstChargeAt).toBeNull();
    expect(Math.round((Date.parse(after.renewsAt) - Date.now()) / 86_400_000)).toBe(30);
    const invoices = await server.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: late.headers,
    });
    expect(invoices.json().invoices).toEqual([expect.objectContaining({ status: 'paid', totalUsd: 49 })]);
  });

  it('opens the customer portal, returning to the Subscription page', async () => {
    const response = await post(owner, 'portal');
    expect(response.json().url).toMatch(new RegExp(`^${stripe.url}/portal/`));
    expect(lastRequest('POST', '/v1/billing_portal/sessions')?.form).toMatchObject({
      return_url: 'http://localhost:3000/subscription',
    });
  });

  it('refuses a second Checkout while the subscription runs', async () => {
    const again = await post(owner, 'checkout', { plan: 'business_yearly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().Code).toBe('AlreadySubscribed');
  });

  it('keeps the customer id from members, so they do not pass for the owner', async () => {
    const member = await addMember(server, owner.organizationId, 'colleague@example.com');
    expect(await me(member)).toMatchObject({
      subscription_plan: 'business_monthly',
      stripe_customer_id: null,
    });
  });
});

describe('changing a paid subscription', () => {
  let owner: TestPerson;
  let subscriptionId: string;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'changer@example.com');
    const { sessionId } = await checkout(owner, 'business_yearly');
    subscriptionId = (await stripe.completeCheckout(sessionId)).id;
  });

  it('cancels at the period end: Business runs until then, and can be resumed', async () => {
    const cancelled = await post(owner, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`)?.form).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(cancelled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      state: 'active',
      reason: 'cancelled',
      renewsAt: null,
    });
    expect(Math.round((Date.parse(cancelled.json().accessEndsAt) - Date.now()) / 86_400_000)).toBe(365);

    const resumed = await post(owner, 'resume');
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, reason: 'paid' });
    expect(resumed.json().renewsAt).not.toBeNull();
  });

  it('gives 7 days of grace after a failed renewal, and ends it when a payment succeeds', async () => {
    await stripe.renew(subscriptionId, 'failed');
    const failing = await summary(owner);
    expect(failing).toMatchObject({ state: 'grace', reason: 'payment-failed' });
    expect(Math.round((Date.parse(failing.accessEndsAt) - Date.now()) / 86_400_000)).toBe(7);
    await stripe.renew(subscriptionId, 'paid');
    expect(await summary(owner)).toMatchObject({ state: 'active', paymentFailedAt: null });
  });

  it('downgrades to Free at once, cancelling the Stripe subscription', async () => {
    const downgraded = await post(owner, 'downgrade');
    expect(downgraded.json()).toMatchObject({ plan: 'free', state: 'active', source: 'free' });
    expect(lastRequest('DELETE', `/v1/subscriptions/${subscriptionId}`)).toBeDefined();
    expect((await me(owner)).subscription_plan).toBe('free');
  });
});
