import { describe, expect, it } from 'vitest';
import { formatPlanPrice, PRICING_PLANS } from './pricing-plans.ts';

const plan = (id: string) => {
  const found = PRICING_PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
};

describe('the pricing plans on the landing page', () => {
  it('offers Free, Business monthly and Business yearly, in that order', () => {
    expect(PRICING_PLANS.map((candidate) => candidate.name)).toEqual([
      'Free',
      'Business monthly',
      'Business yearly',
    ]);
  });

  it('charges nothing for Free, forever', () => {
    expect(formatPlanPrice(plan('free'))).toBe('$0');
    expect(plan('free').billingPeriod).toBe('forever');
  });

  it('makes the yearly plan cost ten monthly payments, so two months are free', () => {
    expect(plan('business_yearly').priceUsd).toBe(plan('business_monthly').priceUsd * 10);
    expect(plan('business_yearly').saving).toBe('2 months free');
  });

  it('gives both Business plans the same features', () => {
    expect(plan('business_yearly').features).toEqual(plan('business_monthly').features);
  });

  it('shows cents only when a price has them', () => {
    expect(formatPlanPrice({ ...plan('business_monthly'), priceUsd: 49.5 })).toBe('$49.50');
    expect(formatPlanPrice(plan('business_yearly'))).toBe('$490');
  });
});
