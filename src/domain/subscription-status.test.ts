import { describe, expect, it } from 'vitest';
import {
  isSubscriptionExpired,
  planInForce,
  SUBSCRIPTION_EXPIRED,
  subscriptionStatus,
} from './subscription-status.ts';

const at = (iso: string) => new Date(iso);
const day = 86_400_000;

describe('a free plan', () => {
  it('is active forever', () => {
    expect(subscriptionStatus({ plan: 'free', now: at('2030-01-01T00:00:00Z') })).toEqual({
      state: 'active',
      reason: 'free',
      accessEndsAt: null,
    });
  });
  it('is never expired, even with stale billing dates', () => {
    expect(
      isSubscriptionExpired({ plan: 'free', currentPeriodEnd: at('2020-01-01T00:00:00Z'), now: new Date() }),
    ).toBe(false);
  });
});

describe('a business trial', () => {
  const trialEndsAt = at('2026-12-06T10:00:00Z');
  it('is trialing until the trial ends', () => {
    expect(
      subscriptionStatus({ plan: 'business_monthly', trialEndsAt, now: at('2026-12-06T09:59:59Z') }),
    ).toEqual({
      state: 'trialing',
      reason: 'trial',
      accessEndsAt: trialEndsAt,
    });
  });
  it('expires at the very moment the trial ends without payment', () => {
    expect(subscriptionStatus({ plan: 'business_monthly', trialEndsAt, now: trialEndsAt })).toMatchObject({
      state: 'expired',
      reason: 'trial-ended',
    });
  });
  it('carries on when a paid period follows the trial', () => {
    const status = subscriptionStatus({
      plan: 'business_monthly',
      trialEndsAt,
      currentPeriodEnd: at('2027-01-06T10:00:00Z'),
      now: at('2026-12-20T00:00:00Z'),
    });
    expect(status).toEqual({ state: 'active', reason: 'paid', accessEndsAt: null });
  });
});

describe('a failed payment', () => {
  const paymentFailedAt = at('2026-11-10T00:00:00Z');
  const facts = {
    plan: 'business_yearly' as const,
    paymentFailedAt,
    currentPeriodEnd: at('2027-11-10T00:00:00Z'),
  };
  it('leaves 7 days of grace', () => {
    expect(subscriptionStatus({ ...facts, now: at('2026-11-16T23:59:59Z') })).toEqual({
      state: 'grace',
      reason: 'payment-failed',
      accessEndsAt: at('2026-11-17T00:00:00Z'),
    });
  });
  it('expires when the grace period is over', () => {
    expect(isSubscriptionExpired({ ...facts, now: at('2026-11-17T00:00:00Z') })).toBe(true);
  });
  it('is forgotten once the invoice is paid (the webhook clears it)', () => {
    expect(
      subscriptionStatus({ ...facts, paymentFailedAt: null, now: at('2026-11-20T00:00:00Z') }).state,
    ).toBe('active');
  });
});

describe('a cancelled subscription', () => {
  const facts = {
    plan: 'business_monthly' as const,
    cancelledAt: at('2026-11-05T00:00:00Z'),
    currentPeriodEnd: at('2026-11-30T00:00:00Z'),
  };
  it('keeps working to the end of the paid period', () => {
    expect(subscriptionStatus({ ...facts, now: at('2026-11-29T12:00:00Z') })).toEqual({
      state: 'active',
      reason: 'cancelled',
      accessEndsAt: facts.currentPeriodEnd,
    });
  });
  it('expires when the paid period ends and the plan was not changed to free', () => {
    expect(subscriptionStatus({ ...facts, now: facts.currentPeriodEnd })).toMatchObject({
      state: 'expired',
      reason: 'cancelled',
    });
  });
});

describe('a period that ended without renewal news', () => {
  const currentPeriodEnd = at('2026-11-30T00:00:00Z');
  it('gets the same 7 days of grace, in case the renewal webhook is late', () => {
    const status = subscriptionStatus({
      plan: 'business_monthly',
      currentPeriodEnd,
      now: new Date(currentPeriodEnd.getTime() + 3 * day),
    });
    expect(status).toMatchObject({ state: 'grace', reason: 'period-ended' });
  });
  it('then expires', () => {
    const now = new Date(currentPeriodEnd.getTime() + 7 * day);
    expect(isSubscriptionExpired({ plan: 'business_monthly', currentPeriodEnd, now })).toBe(true);
  });
});

it('a business plan set without billing dates (by an operator) is active', () => {
  expect(subscriptionStatus({ plan: 'business_yearly', now: new Date() }).state).toBe('active');
});

it("uses the product's wording", () => expect(SUBSCRIPTION_EXPIRED).toBe('Subscription Expired'));

describe('the plan in force', () => {
  const trialEndsAt = at('2026-12-06T10:00:00Z');
  it('is the business plan during the trial', () => {
    expect(planInForce({ plan: 'business_monthly', trialEndsAt, now: at('2026-12-01T00:00:00Z') })).toBe(
      'business_monthly',
    );
  });
  it('is the business plan during the grace period', () => {
    const paymentFailedAt = at('2026-11-10T00:00:00Z');
    expect(planInForce({ plan: 'business_yearly', paymentFailedAt, now: at('2026-11-12T00:00:00Z') })).toBe(
      'business_yearly',
    );
  });
  it('falls back to free once the business plan expired', () => {
    expect(planInForce({ plan: 'business_monthly', trialEndsAt, now: trialEndsAt })).toBe('free');
  });
});
