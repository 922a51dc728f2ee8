import { describe, expect, it } from 'vitest';
import {
  BUSINESS_TRIAL_DAYS,
  canAddAnother,
  earliestVisibleDay,
  isBusinessPlan,
  isPlanId,
  PLAN_FEATURES,
  PLANS,
  planAllows,
  planLimit,
  trialEndsAtFor,
  trialKeptAtCheckout,
} from './plans.ts';

describe('the plans', () => {
  it('are free, business_monthly and business_yearly', () => {
    expect(Object.keys(PLANS)).toEqual(['free', 'business_monthly', 'business_yearly']);
    expect(isPlanId('business_yearly')).toBe(true);
    expect(isPlanId('enterprise')).toBe(false);
  });
  it('cost nothing, $49 a month, or $490 a year (two months free)', () => {
    expect(PLANS.free.priceUsdCents).toBe(0);
    expect(PLANS.business_monthly).toMatchObject({ priceUsdCents: 4900, interval: 'month' });
    expect(PLANS.business_yearly).toMatchObject({ priceUsdCents: 49000, interval: 'year' });
    expect(PLANS.business_yearly.priceUsdCents).toBe(PLANS.business_monthly.priceUsdCents * 10);
  });
  it('tell business plans from free', () => {
    expect(isBusinessPlan('free')).toBe(false);
    expect(isBusinessPlan('business_monthly')).toBe(true);
  });
  it('offer a 14-day business trial', () => {
    expect(BUSINESS_TRIAL_DAYS).toBe(14);
    expect(trialEndsAtFor(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-12-06T10:00:00.000Z');
  });
});

describe('what free includes', () => {
  it('e-mail alerts and EC2 recommendations', () => {
    expect(planAllows('free', 'email-alerts')).toBe(true);
    expect(planAllows('free', 'ec2-recommendations')).toBe(true);
  });
  it.each(['slack-alerts', 'anomaly-detection', 'teams', 'digest', 'consultation'] as const)(
    'not %s',
    (feature) => {
      expect(planAllows('free', feature)).toBe(false);
    },
  );
  it('one integration, one budget, two alert rules, three months of history, three people', () => {
    expect(PLANS.free.limits).toEqual({
      integrations: 1,
      budgets: 1,
      alertRules: 2,
      historyMonths: 3,
      members: 3,
    });
  });
});

describe('what business adds', () => {
  it.each(PLAN_FEATURES)('%s, monthly or yearly alike', (feature) => {
    expect(planAllows('business_monthly', feature)).toBe(true);
    expect(planAllows('business_yearly', feature)).toBe(true);
  });
  it('more of everything', () => {
    expect(planLimit('business_monthly', 'integrations')).toBe(20);
    expect(planLimit('business_yearly', 'historyMonths')).toBe(36);
  });
});

describe('limits', () => {
  it('let a free organization add its first integration but not a second', () => {
    expect(canAddAnother('free', 'integrations', 0)).toBe(true);
    expect(canAddAnother('free', 'integrations', 1)).toBe(false);
  });
  it('let a business organization grow to its limit exactly', () => {
    expect(canAddAnother('business_monthly', 'budgets', 99)).toBe(true);
    expect(canAddAnother('business_monthly', 'budgets', 100)).toBe(false);
  });
  it('show free history from the start of the month two months back', () => {
    expect(earliestVisibleDay('free', '2026-11-22')).toBe('2026-09-01');
    expect(earliestVisibleDay('free', '2027-01-31')).toBe('2026-11-01');
  });
  it('show business history three years back', () => {
    expect(earliestVisibleDay('business_yearly', '2026-11-22')).toBe('2023-12-01');
  });
});

describe('paying during the trial', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  it('keeps what is left of the trial: the first charge comes when it would have ended', () => {
    const ends = new Date('2026-12-12T10:00:00Z');
    expect(trialKeptAtCheckout(ends, now)).toEqual(ends);
    expect(trialKeptAtCheckout(new Date('2026-11-30T10:00:00Z'), now)).toEqual(
      new Date('2026-11-30T10:00:00Z'),
    );
  });

  it("bills from Checkout with less than Stripe's 48 hours left, or no trial", () => {
    expect(trialKeptAtCheckout(new Date('2026-11-30T09:59:59Z'), now)).toBeNull();
    expect(trialKeptAtCheckout(new Date('2026-11-27T10:00:00Z'), now)).toBeNull();
    expect(trialKeptAtCheckout(null, now)).toBeNull();
  });
});
