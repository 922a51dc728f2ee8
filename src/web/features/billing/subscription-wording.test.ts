import { describe, expect, it } from 'vitest';
import { daysUntil, describeSubscriptionState, formatUsd, paymentNote } from './subscription-wording.ts';

const now = new Date('2026-11-22T12:00:00Z');
const base = {
  plan: 'business_monthly' as const,
  state: 'active' as const,
  reason: 'paid' as const,
  source: 'stripe' as const,
  renewsAt: null,
  firstChargeAt: null,
  accessEndsAt: null,
  trialEndsAt: null,
};

describe('the plan line of the Subscription screen', () => {
  it('says Free needs no card', () => {
    expect(describeSubscriptionState({ ...base, plan: 'free', reason: 'free', source: 'free' }, now)).toEqual(
      {
        badge: 'Free',
        color: 'gray',
        line: 'Free forever: no card needed.',
      },
    );
  });
  it('counts the trial down in days', () => {
    const trial = { ...base, state: 'trialing' as const, reason: 'trial' as const, source: 'trial' as const };
    expect(describeSubscriptionState({ ...trial, accessEndsAt: '2026-12-01T12:00:00Z' }, now).line).toBe(
      'Trial ends in 9 days, on Dec 1, 2026.',
    );
    expect(describeSubscriptionState({ ...trial, accessEndsAt: '2026-11-23T08:00:00Z' }, now).line).toBe(
      'Trial ends in 1 day, on Nov 23, 2026.',
    );
  });
  it('gives the renewal date of a paid plan, or its end once cancelled', () => {
    expect(describeSubscriptionState({ ...base, renewsAt: '2026-12-22T12:00:00Z' }, now)).toMatchObject({
      badge: 'Active',
      line: 'Renews on Dec 22, 2026.',
    });
    const keptTrial = { ...base, renewsAt: '2026-12-06T12:00:00Z', firstChargeAt: '2026-12-06T12:00:00Z' };
    expect(describeSubscriptionState(keptTrial, now).line).toBe(
      "The trial's days are kept: the first charge is on Dec 6, 2026.",
    );
    const ending = { ...base, reason: 'cancelled' as const, accessEndsAt: '2026-12-22T12:00:00Z' };
    expect(describeSubscriptionState(ending, now)).toMatchObject({
      badge: 'Ending',
      line: 'Ends on Dec 22, 2026: it will not renew.',
    });
  });
  it('warns during the grace period after a failed payment', () => {
    const grace = {
      ...base,
      state: 'grace' as const,
      reason: 'payment-failed' as const,
      accessEndsAt: '2026-11-29T00:00:00Z',
    };
    expect(describeSubscriptionState(grace, now)).toEqual({
      badge: 'Payment due',
      color: 'orange',
      line: 'Your last payment failed. Business keeps working until Nov 29, 2026.',
    });
  });
  it('says why an expired plan ended', () => {
    const expired = {
      ...base,
      state: 'expired' as const,
      reason: 'trial-ended' as const,
      accessEndsAt: '2026-11-20T00:00:00Z',
    };
    expect(describeSubscriptionState(expired, now)).toEqual({
      badge: 'Expired',
      color: 'red',
      line: 'Your Business trial ended on Nov 20, 2026.',
    });
  });
  it('names a plan set by the operator', () => {
    const operator = {
      ...base,
      source: 'operator' as const,
      reason: 'cancelled' as const,
      accessEndsAt: '2027-01-01T00:00:00Z',
    };
    expect(describeSubscriptionState(operator, now).line).toBe('Set by your operator through Dec 31, 2026.');
  });
});

it('formats dollars with cents', () => expect(formatUsd(490)).toBe('$490.00'));
it('never counts negative days', () => expect(daysUntil('2026-11-01T00:00:00Z', now)).toBe(0));

describe('the payment note', () => {
  it('says test mode charges no real card', () => {
    const stripe = { plan: 'business_yearly' as const, source: 'stripe' as const, state: 'active' as const };
    expect(paymentNote({ ...stripe, payments: { configured: true, testMode: true } })).toBe(
      'Paid by card through Stripe in test mode: no real card is charged.',
    );
    expect(paymentNote({ ...stripe, payments: { configured: true, testMode: false } })).toBe(
      'Paid by card through Stripe.',
    );
  });
});
