/** The header's free consultation belongs to the business plans. */

export type ConsultationButtonState = 'hidden' | 'enabled' | 'disabled';

const BUSINESS_PLANS = new Set(['business_monthly', 'business_yearly']);

/** Shown to business-plan people with a verified e-mail; shown but disabled for the demo account. */
export function consultationButtonState(user: {
  subscription_plan: string;
  email_verified: boolean;
  is_demo: boolean;
}): ConsultationButtonState {
  if (!BUSINESS_PLANS.has(user.subscription_plan) || !user.email_verified) return 'hidden';
  return user.is_demo ? 'disabled' : 'enabled';
}
