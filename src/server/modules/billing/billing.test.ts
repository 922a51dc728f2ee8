import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpVerifiedOwner, type TestPerson } from '../../testing/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createOrganizationsService } from '../organizations/organizations.service.ts';
import { type BillingService, createBillingService } from './billing.service.ts';

let server: TestApp;
let billing: BillingService;

beforeAll(async () => {
  server = await createTestApp();
  billing = createBillingService(server.context, createOrganizationsService(server.context.database.db));
});
afterAll(() => server.close());

const subscription = (person: TestPerson) =>
  server.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: person.headers });
const post = (person: TestPerson, action: string, payload?: object) =>
  server.app.inject({ method: 'POST', url: `/api/billing/${action}`, headers: person.headers, payload });
const me = async (person: TestPerson) =>
  (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: person.headers })).json();

async function endTrial(organizationId: string) {
  await server.context.database.db
    .updateTable('subscriptions')
    .set({ trial_ends_at: new Date(Date.now() - 1000) })
    .where('organization_id', '=', organizationId)
    .execute();
}

describe('a new organization', () => {
  it('starts on Free, active, with the trial on offer and payments off on this server', async () => {
    const owner = await signUpVerifiedOwner(server, 'new@example.com');
    const response = await subscription(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      plan: 'free',
      planInForce: 'free',
      state: 'active',
      source: 'free',
      trialAvailable: true,
      canManage: true,
      payments: { configured: false, testMode: false },
      features: ['email-alerts', 'ec2-recommendations'],
    });
    expect(response.json().limits).toContainEqual({ limit: 'members', included: 3, used: 1 });
    expect(response.json().limits).toContainEqual({ limit: 'integrations', included: 1, used: 0 });
    expect(await me(owner)).toMatchObject({ subscription_plan: 'free', stripe_customer_id: null });
  });
});

describe('the 14-day trial', () => {
  let owner: TestPerson;
  beforeAll(async () => {
    owner = await signUpVerifiedOwner(server, 'trial@example.com');
  });

  it('gives Business for 14 days, once', async () => {
    const started = await post(owner, 'trial');
    expect(started.statusCode).toBe(200);
    const days = (Date.parse(started.json().trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    expect(started.json()).toMatchObject({
      plan: 'business_monthly',
      planName: 'Business trial',
      state: 'trialing',
      trialAvailable: false,
    });
    expect(started.json().features).toContain('slack-alerts');
    expect((await me(owner)).subscription_plan).toBe('business_monthly');

    const again = await post(owner, 'trial');
    expect(again.statusCode).toBe(409);
    expect(again.json().Code).toBe('TrialUsed');
  });

  it('expires when it ends unpaid: the guard answers 402 Subscription Expired', async () => {
    await endTrial(owner.organizationId);
    expect((await subscription(owner)).json()).toMatchObject({ state: 'expired', reason: 'trial-ended' });
    expect((await me(owner)).subscription_plan).toBe('free');

    const answer = await server.app.inject({
      method: 'GET',
      url: `/api/messages?user_id=${owner.userId}`,
      headers: owner.headers,
    });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual({ Code: 'SubscriptionExpired', Message: 'Subscription Expired' });
  });

  it('lets the owner continue on Free, which is never expired, and not trial again', async () => {
    const downgraded = await post(owner, 'downgrade');
    expect(downgraded.json()).toMatchObject({ plan: 'free', state: 'active', trialAvailable: false });
    await expect(billing.assertSubscriptionActive(owner)).resolves.toBeUndefined();
    expect((await post(owner, 'trial')).statusCode).toBe(409);
  });
});

describe('plan limits, enforced on the server', () => {
  it('let Free add its first integration but not a second, with a reason and the way out', async () => {
    const owner = await signUpVerifiedOwner(server, 'limits@example.com');
    await expect(billing.assertWithinLimit(owner, 'integrations', 0)).resolves.toBeUndefined();
    const refusal = billing.assertWithinLimit(owner, 'integrations', 1);
    await expect(refusal).rejects.toMatchObject({ statusCode: 403, code: 'PlanLimitReached' });
    await expect(billing.assertWithinLimit(owner, 'integrations', 1)).rejects.toThrow(
      'Your Free plan includes 1 AWS integration. Business includes up to 20 AWS integrations',
    );
    await expect(billing.assertFeature(owner, 'slack-alerts')).rejects.toMatchObject({
      code: 'PlanFeatureRequired',
    });
  });

  it('follow the plan in force: Business during the trial, Free again once it expired', async () => {
    const owner = await signUpVerifiedOwner(server, 'limits-trial@example.com');
    await post(owner, 'trial');
    await expect(billing.assertWithinLimit(owner, 'integrations', 19)).resolves.toBeUndefined();
    await expect(billing.assertWithinLimit(owner, 'integrations', 20)).rejects.toThrow(
      'Remove one before adding another',
    );
    await expect(billing.assertFeature(owner, 'anomaly-detection')).resolves.toBeUndefined();
    await endTrial(owner.organizationId);
    await expect(billing.assertWithinLimit(owner, 'integrations', 1)).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});

describe('without Stripe keys', () => {
  it('says payments are not configured instead of failing', async () => {
    const owner = await signUpVerifiedOwner(server, 'nokeys@example.com');
    const checkout = await post(owner, 'checkout', { plan: 'business_yearly' });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({ Code: 'PaymentsNotConfigured' });
    expect(checkout.json().Message).toMatch(/command line/);
    expect((await post(owner, 'portal')).json().Code).toBe('PaymentsNotConfigured');
    const invoices = await server.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: owner.headers,
    });
    expect(invoices.json()).toEqual({ invoices: [] });
    const webhook = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(503);
  });

  it('refuses a plan that is not a business plan at checkout, naming the field', async () => {
    const owner = await signUpVerifiedOwner(server, 'badplan@example.com');
    const checkout = await post(owner, 'checkout', { plan: 'free' });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().Message).toMatch(/^plan:/);
  });
});

describe('only the owner manages billing', () => {
  it('lets a member read the plan but not change it', async () => {
    const owner = await signUpVerifiedOwner(server, 'boss@example.com');
    const member = await addMember(server, owner.organizationId, 'staff@example.com');
    const read = await subscription(member);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ canManage: false, plan: 'free' });
    expect(read.json().limits).toContainEqual({ limit: 'members', included: 3, used: 2 });
    for (const action of ['trial', 'downgrade', 'cancel', 'resume', 'portal']) {
      const refused = await post(member, action);
      expect(refused.statusCode, action).toBe(403);
    }
    expect((await me(member)).role).toBe('member');
  });

  it('refuses people who are signed out', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/billing/subscription' });
    expect(response.statusCode).toBe(401);
  });
});
