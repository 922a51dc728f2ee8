import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { TEST_WEBHOOK_SECRET } from '../../testing/stripe-fixtures.ts';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-stand-in/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const sdk = new Stripe('sk_test_signing_only');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

let stripe: StripeStandIn;
let server: TestApp;
let eventCount = 0;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: TEST_WEBHOOK_SECRET });
  server = await createTestApp({ env: stripe.env });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

function event(type: string, object: Record<string, unknown>, created: number) {
  return {
    id: `evt_test_${++eventCount}`,
    object: 'event',
    type,
    created,
    livemode: false,
    data: { object },
  };
}

function subscriptionObject(organizationId: string, changes: Record<string, unknown> = {}) {
  const start = nowSeconds() - DAY;
  return {
    id: `sub_of_${organizationId}`,
    object: 'subscription',
    customer: `cus_of_${organizationId}`,
    status: 'active',
    metadata: { organization_id: organizationId, plan: 'business_monthly' },
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    items: { data: [{ current_period_end: start + 30 * DAY, price: { recurring: { interval: 'month' } } }] },
    ...changes,
  };
}

/** Posts an event signed by the Stripe SDK's own test helper, as Stripe would. */
async function deliver(payload: object, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const signature = sdk.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const summary = async (person: TestPerson) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: person.headers })
  ).json();

describe('the Stripe webhook', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'hooks@example.com');
  });

  it('applies an event whose signature is valid', async () => {
    const response = await deliver(
      event('customer.subscription.updated', subscriptionObject(owner.organizationId), nowSeconds() - 60),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await summary(owner)).toMatchObject({
      plan: 'business_monthly',
      state: 'active',
      source: 'stripe',
    });
  });

  it('refuses a signature made with another secret, and a missing one, changing nothing', async () => {
    const cancelled = subscriptionObject(owner.organizationId, { cancel_at_period_end: true });
    const forged = await deliver(event('customer.subscription.updated', cancelled, nowSeconds()), {
      secret: 'whsec_someone_else',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().Code).toBe('InvalidSignature');
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('customer.subscription.updated', cancelled, nowSeconds())),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await summary(owner)).cancelAtPeriodEnd).toBe(false);
  });

  it('refuses a replay of an old signed request (outside the 5-minute tolerance)', async () => {
    const old = event(
      'customer.subscription.updated',
      subscriptionObject(owner.organizationId),
      nowSeconds(),
    );
    const replayed = await deliver(old, { timestamp: nowSeconds() - 600 });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().Message).toMatch(/tolerance/i);
  });

  it('applies a redelivered event once: the second answers duplicate', async () => {
    const failed = event(
      'invoice.payment_failed',
      {
        id: 'in_failed_1',
        object: 'invoice',
        customer: `cus_of_${owner.organizationId}`,
        lines: { data: [] },
      },
      nowSeconds() - 50,
    );
    expect((await deliver(failed)).json().outcome).toBe('applied');
    expect((await deliver(failed)).json().outcome).toBe('duplicate');
    const rows = await server.context.database.db
      .selectFrom('stripe_events')
      .select('event_id')
      .where('event_id', '=', failed.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await summary(owner)).toMatchObject({ state: 'grace', reason: 'payment-failed' });
  });

  it('never lets an older event overwrite newer state (out of order)', async () => {
    const base = nowSeconds() - 30;
    const paid = event(
      'invoice.paid',
      { id: 'in_paid_1', object: 'invoice', customer: `cus_of_${owner.organizationId}`, lines: { data: [] } },
      base + 1,
    );
    const cancelling = event(
      'customer.subscription.updated',
      subscriptionObject(owner.organizationId, { cancel_at_period_end: true, canceled_at: base + 2 }),
      base + 2,
    );
    const olderRenewing = event(
      'customer.subscription.updated',
      subscriptionObject(owner.organizationId),
      base + 1,
    );
    expect((await deliver(paid)).json().outcome).toBe('applied');
    expect((await deliver(cancelling)).json().outcome).toBe('applied');
    expect((await deliver(olderRenewing)).json().outcome).toBe('stale');
    expect(await summary(owner)).toMatchObject({
      cancelAtPeriodEnd: true,
      reason: 'cancelled',
      paymentFailedAt: null,
    });

    const ended = event(
      'customer.subscription.deleted',
      subscriptionObject(owner.organizationId, {
        status: 'canceled',
        canceled_at: base + 3,
        ended_at: base + 3,
      }),
      base + 3,
    );
    const lateActive = event(
      'customer.subscription.updated',
      subscriptionObject(owner.organizationId),
      base + 4,
    );
    expect((await deliver(ended)).json().outcome).toBe('applied');
    expect((await deliver(lateActive)).json().outcome).toBe('stale');
    expect(await summary(owner)).toMatchObject({ state: 'expired', reason: 'cancelled' });
  });

  it('acknowledges events it cannot place or does not handle, so Stripe stops resending them', async () => {
    const stranger = subscriptionObject('00000000-0000-4000-8000-000000000000', {
      id: 'sub_nobody',
      customer: 'cus_nobody',
    });
    const unknown = await deliver(event('customer.subscription.updated', stranger, nowSeconds()));
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored: unknown organization' });
    const forgedReference = await deliver(
      event(
        'checkout.session.completed',
        {
          id: 'cs_1',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: 'not-a-uuid',
          customer: 'cus_x',
          subscription: 'sub_x',
          metadata: { plan: 'business_yearly' },
        },
        nowSeconds(),
      ),
    );
    expect(forgedReference.json().outcome).toBe('ignored: unknown organization');
    const other = await deliver(event('charge.succeeded', { id: 'ch_1', object: 'charge' }, nowSeconds()));
    expect(other.json().outcome).toBe('ignored: not a billing event');
  });
});
