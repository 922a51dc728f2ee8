/**
 * The plans (free, business_monthly, business_yearly) in one place: prices,
 * what each includes, and their limits. The product spec leaves prices and limits to us; these are the
 * choices, shown on the landing page's #pricing:
 * - free, forever: one AWS integration, one budget and two alert rules by e-mail, EC2 idle and
 *   rightsizing recommendations, three months of history, up to three people.
 * - business: $49 a month, or $490 a year (two months free); 20 integrations, 100 budgets, 100
 *   alert rules, 36 months of history, 50 people, plus Slack, anomaly detection, teams, the daily
 *   or weekly digest and a free consultation. New organizations may try it for 14 days.
 */

import { addMonths, type IsoDay, monthStart } from './calendar-days.ts';

export const PLAN_IDS = ['free', 'business_monthly', 'business_yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_FEATURES = [
  'email-alerts',
  'ec2-recommendations',
  'slack-alerts',
  'anomaly-detection',
  'teams',
  'digest',
  'consultation',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const PLAN_LIMITS = ['integrations', 'budgets', 'alertRules', 'historyMonths', 'members'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per billing interval in USD cents; 0 for free. */
  priceUsdCents: number;
  interval: 'month' | 'year' | null;
  features: readonly PlanFeature[];
  limits: Readonly<Record<PlanLimit, number>>;
}

const FREE_FEATURES: readonly PlanFeature[] = ['email-alerts', 'ec2-recommendations'];
const BUSINESS_FEATURES: readonly PlanFeature[] = PLAN_FEATURES;
const BUSINESS_LIMITS = { integrations: 20, budgets: 100, alertRules: 100, historyMonths: 36, members: 50 };

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    priceUsdCents: 0,
    interval: null,
    features: FREE_FEATURES,
    limits: { integrations: 1, budgets: 1, alertRules: 2, historyMonths: 3, members: 3 },
  },
  business_monthly: {
    id: 'business_monthly',
    name: 'Business monthly',
    priceUsdCents: 4_900,
    interval: 'month',
    features: BUSINESS_FEATURES,
    limits: BUSINESS_LIMITS,
  },
  business_yearly: {
    id: 'business_yearly',
    name: 'Business yearly',
    priceUsdCents: 49_000,
    interval: 'year',
    features: BUSINESS_FEATURES,
    limits: BUSINESS_LIMITS,
  },
};

export const BUSINESS_TRIAL_DAYS = 14;

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

export function isBusinessPlan(plan: PlanId): boolean {
  return plan !== 'free';
}

export function planAllows(plan: PlanId, feature: PlanFeature): boolean {
  return PLANS[plan].features.includes(feature);
}

export function planLimit(plan: PlanId, limit: PlanLimit): number {
  return PLANS[plan].limits[limit];
}

/** Whether one more integration, budget, rule or member fits the plan, given how many exist now. */
export function canAddAnother(
  plan: PlanId,
  limit: Exclude<PlanLimit, 'historyMonths'>,
  currentCount: number,
): boolean {
  return currentCount < planLimit(plan, limit);
}

const visibleDays = new Map<string, IsoDay>();

/** First day of history the plan shows: the current month and the months before it, up to the limit. */
export function earliestVisibleDay(plan: PlanId, today: IsoDay): IsoDay {
  // Asked by every dashboard answer for the same few days: kept, as the answer cannot change.
  const key = `${plan}|${today}`;
  let day = visibleDays.get(key);
  if (!day) {
    day = addMonths(monthStart(today), -(planLimit(plan, 'historyMonths') - 1));
    if (visibleDays.size >= 1_000) visibleDays.clear();
    visibleDays.set(key, day);
  }
  return day;
}

/** When a business trial that starts now ends. */
export function trialEndsAtFor(start: Date): Date {
  return new Date(start.getTime() + BUSINESS_TRIAL_DAYS * 86_400_000);
}

/** Stripe Checkout takes a trial's end only when it is at least 48 hours away. */
export const CHECKOUT_TRIAL_MIN_MS = 48 * 3_600_000;

/**
 * Paying during the trial keeps what is left of it: the first charge comes when the trial would have
 * ended ("Keep Business after the trial"). With less than Stripe's 48 hours left, or no trial running,
 * the subscription is paid from the day of Checkout.
 */
export function trialKeptAtCheckout(trialEndsAt: Date | null, now: Date): Date | null {
  if (!trialEndsAt) return null;
  return trialEndsAt.getTime() - now.getTime() >= CHECKOUT_TRIAL_MIN_MS ? trialEndsAt : null;
}
