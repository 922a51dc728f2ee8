import { describe, expect, it } from 'vitest';
import { consultationButtonState } from './consultation.ts';

const user = (overrides: Partial<Parameters<typeof consultationButtonState>[0]> = {}) => ({
  subscription_plan: 'business_monthly',
  email_verified: true,
  is_demo: false,
  ...overrides,
});

describe("the header's 'Schedule My Free Consultation' button", () => {
  it.each(['business_monthly', 'business_yearly'])('shows for the %s plan with a verified e-mail', (plan) => {
    expect(consultationButtonState(user({ subscription_plan: plan }))).toBe('enabled');
  });

  it('does not show on the free plan', () => {
    expect(consultationButtonState(user({ subscription_plan: 'free' }))).toBe('hidden');
  });

  it('does not show before the e-mail is verified', () => {
    expect(consultationButtonState(user({ email_verified: false }))).toBe('hidden');
  });

  it('is disabled for the demo account', () => {
    expect(consultationButtonState(user({ is_demo: true }))).toBe('disabled');
  });
});
