import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUpVerified } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    domain: 'alerts.test',
    trials: ['owner'],
  }));
});
afterAll(() => server.close());

describe('budgets', () => {
  let budgetId: string;

  it('lets an owner create a monthly budget with the default thresholds', async () => {
    const response = await callAs(server, owner)('POST', '/api/budgets', {
      name: 'All AWS',
      amount_usd: 1000,
    });
    expect(response.statusCode).toBe(201);
    const budget = response.json();
    budgetId = budget.id;
    expect(budget).toMatchObject({
      name: 'All AWS',
      amount_usd: 1000,
      period: 'monthly',
      cost_basis: 'unblended',
      paused: false,
      filter: { account_ids: [], services: [], tag: null },
    });
    expect(budget.status.thresholds.map((t: { id: string }) => t.id)).toEqual([
      'actual-50',
      'actual-80',
      'actual-100',
      'forecast-100',
    ]);
    // No cost data yet: nothing can be called on track.
    expect(budget.status.as_of).toBeNull();
    expect(budget.status.thresholds[0]).toMatchObject({ amount_usd: 500, state: 'no-data', fired_at: null });
  });

  it('lets an admin change and pause it, keeping the threshold ids', async () => {
    const response = await callAs(server, admin)('PATCH', `/api/budgets/${budgetId}`, {
      amount_usd: 2000,
      paused: true,
      thresholds: [
        { id: 'actual-50', percent: 60, basis: 'actual' },
        { percent: 90, basis: 'forecast' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ amount_usd: 2000, paused: true });
    expect(response.json().status.thresholds.map((t: { id: string }) => t.id)).toEqual([
      'actual-50',
      'forecast-90',
    ]);
  });

  it('lets a member read but not write (403)', async () => {
    const list = await callAs(server, member)('GET', '/api/budgets');
    expect(list.statusCode).toBe(200);
    expect(list.json().budgets).toHaveLength(1);
    const write = await callAs(server, member)('POST', '/api/budgets', { name: 'Mine', amount_usd: 5 });
    expect(write.statusCode).toBe(403);
    expect((await callAs(server, member)('DELETE', `/api/budgets/${budgetId}`)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's budget", async () => {
    expect((await callAs(server, stranger)('GET', `/api/budgets/${budgetId}`)).statusCode).toBe(404);
    expect(
      (await callAs(server, stranger)('PATCH', `/api/budgets/${budgetId}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await callAs(server, stranger)('DELETE', `/api/budgets/${budgetId}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const response = await callAs(server, owner)('POST', '/api/budgets', { name: 'Bad', amount_usd: -3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('amount_usd');
  });

  it('deletes it', async () => {
    expect((await callAs(server, owner)('DELETE', `/api/budgets/${budgetId}`)).statusCode).toBe(204);
    expect((await callAs(server, owner)('GET', `/api/budgets/${budgetId}`)).statusCode).toBe(404);
  });
});

describe('alert rules', () => {
  it('creates one rule of each kind and lists them', async () => {
    const as = callAs(server, owner);
    const threshold = await as('POST', '/api/alert-rules', {
      kind: 'cost-threshold',
      settings: { mode: 'daily-amount', amount_usd: 100 },
    });
    expect(threshold.statusCode).toBe(201);
    expect(threshold.json()).toMatchObject({ kind: 'cost-threshold', name: 'Daily spend above $100' });
    const anomaly = await as('POST', '/api/alert-rules', {
      kind: 'anomaly',
      settings: { sensitivity: 'high' },
    });
    expect(anomaly.statusCode).toBe(201);
    expect(anomaly.json().settings).toEqual({
      sensitivity: 'high',
      min_impact_usd: 25,
      dimension: 'service',
    });
    const idle = await as('POST', '/api/alert-rules', { kind: 'idle-ec2', settings: {} });
    expect(idle.statusCode).toBe(201);
    const list = await callAs(server, member)('GET', '/api/alert-rules');
    expect(list.json().alert_rules.map((rule: { kind: string }) => rule.kind)).toEqual([
      'cost-threshold',
      'anomaly',
      'idle-ec2',
    ]);
  });

  it('checks changed settings against the rule kind', async () => {
    const created = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'cost-threshold',
      settings: { mode: 'above-trailing-average', percent: 40 },
    });
    const id = created.json().id;
    const bad = await callAs(server, owner)('PATCH', `/api/alert-rules/${id}`, {
      settings: { mode: 'daily-amount' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toContain('settings.amount_usd');
    const paused = await callAs(server, admin)('PATCH', `/api/alert-rules/${id}`, { paused: true });
    expect(paused.json()).toMatchObject({ paused: true });
    expect(
      (await callAs(server, member)('PATCH', `/api/alert-rules/${id}`, { paused: false })).statusCode,
    ).toBe(403);
    expect((await callAs(server, stranger)('GET', `/api/alert-rules/${id}`)).statusCode).toBe(404);
    expect((await callAs(server, owner)('DELETE', `/api/alert-rules/${id}`)).statusCode).toBe(204);
  });
});

describe('plan limits and features', () => {
  it('refuses a second budget and anomaly rules on Free', async () => {
    const free = await signUpVerified(server, 'free@plan.test', 'Fred Free');
    const as = callAs(server, free);
    expect((await as('POST', '/api/budgets', { name: 'One', amount_usd: 10 })).statusCode).toBe(201);
    const second = await as('POST', '/api/budgets', { name: 'Two', amount_usd: 10 });
    expect(second.statusCode).toBe(403);
    expect(second.json().Code).toBe('PlanLimitReached');
    const anomaly = await as('POST', '/api/alert-rules', { kind: 'anomaly' });
    expect(anomaly.statusCode).toBe(403);
    expect(anomaly.json().Code).toBe('PlanFeatureRequired');
    const slack = await as('PUT', '/api/slack', { webhook_url: 'https://hooks.slack.com/services/T/B/x' });
    expect(slack.statusCode).toBe(403);
    const usage = await as('GET', '/api/billing/subscription');
    expect(JSON.stringify(usage.json())).toContain('budgets');
  });
});

describe('notification preferences and history', () => {
  it('starts with every channel and kind on, no digest, and saves changes per person', async () => {
    const initial = await callAs(server, member)('GET', '/api/notification-preferences');
    expect(initial.json()).toEqual({
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget', 'cost-threshold', 'anomaly', 'idle-ec2', 'launch', 'live-spend', 'commitments'],
      extra_recipients: [],
    });
    const saved = await callAs(server, member)('PUT', '/api/notification-preferences', {
      email: false,
      slack: true,
      digest: 'weekly',
      kinds: ['budget'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: false, digest: 'weekly', kinds: ['budget'] });
    const ownerView = await callAs(server, owner)('GET', '/api/notification-preferences');
    expect(ownerView.json()).toMatchObject({ email: true, digest: 'off' });
  });

  it('lets only owners and admins set extra recipients', async () => {
    const refused = await callAs(server, member)('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget'],
      extra_recipients: ['cfo@alerts.test'],
    });
    expect(refused.statusCode).toBe(403);
    const added = await callAs(server, owner)('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget', 'anomaly'],
      extra_recipients: ['CFO@alerts.test'],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().extra_recipients).toEqual([
      { email: 'cfo@alerts.test', confirmed: false, unsubscribed: false },
    ]);
  });

  it('answers an empty history before anything fired', async () => {
    const response = await callAs(server, member)('GET', '/api/notifications');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ notifications: [] });
  });
});

describe('the demo organization', () => {
  it('is on Business with no end once the demo user is ensured, so the demo shows alerts and Slack', async () => {
    const session = await server.app.inject({ method: 'POST', url: '/api/demo-session' });
    expect(session.statusCode).toBe(200);
    const demo = { token: session.json().token, userId: '', email: 'demo@spendguard.io' };
    const subscription = await callAs(server, demo)('GET', '/api/billing/subscription');
    expect(subscription.json()).toMatchObject({ plan: 'business_yearly' });
    expect(subscription.json().currentPeriodEnd ?? null).toBeNull();
    const anomaly = await callAs(server, demo)('POST', '/api/alert-rules', { kind: 'anomaly' });
    expect(anomaly.statusCode).toBe(201);
  });
});
