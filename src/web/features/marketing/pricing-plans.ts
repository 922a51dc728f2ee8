/** The plans as the landing page shows them, built from the one definition in src/domain/plans.ts. */
import { BUSINESS_TRIAL_DAYS, PLANS, type Plan, type PlanId } from '../../../domain/plans.ts';

export { BUSINESS_TRIAL_DAYS };

export interface PricingPlan {
  id: PlanId;
  name: string;
  priceUsd: number;
  billingPeriod: 'forever' | 'per month' | 'per year';
  pitch: string;
  saving?: string;
  features: string[];
  callToAction: string;
  recommended: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The plan's limits, in the words of the pricing table; the numbers come from src/domain/plans.ts. */
function limitFeatures(plan: Plan): string[] {
  const { integrations, budgets, historyMonths, members } = plan.limits;
  return [
    integrations === 1 ? '1 AWS integration' : `Up to ${integrations} AWS integrations`,
    budgets === 1 ? '1 budget' : `Up to ${budgets} budgets and cost thresholds`,
    `${plural(historyMonths, 'month', 'months')} of cost history`,
    `${plural(members, 'member', 'members')}`,
  ];
}

const FREE_EXTRAS = ['E-mail budget alerts', 'EC2 idle and rightsizing findings'];
const BUSINESS_EXTRAS = [
  'Anomaly detection with root cause',
  'Slack and e-mail alerts',
  'Teams with scoped views',
  'Daily and weekly digest',
  'Free consultation with a cost engineer',
];

const priceUsd = (plan: Plan) => plan.priceUsdCents / 100;

export const PRICING_PLANS: PricingPlan[] = [
  {
    id: 'free',
    name: PLANS.free.name,
    priceUsd: priceUsd(PLANS.free),
    billingPeriod: 'forever',
    pitch: 'For one AWS account and one person who wants a budget alert that actually fires.',
    features: [...limitFeatures(PLANS.free), ...FREE_EXTRAS],
    callToAction: 'Start free',
    recommended: false,
  },
  {
    id: 'business_monthly',
    name: PLANS.business_monthly.name,
    priceUsd: priceUsd(PLANS.business_monthly),
    billingPeriod: 'per month',
    pitch: 'For teams that share AWS accounts and want the right person told, in Slack, the same day.',
    features: [...limitFeatures(PLANS.business_monthly), ...BUSINESS_EXTRAS],
    callToAction: `Start ${BUSINESS_TRIAL_DAYS}-day trial`,
    recommended: true,
  },
  {
    id: 'business_yearly',
    name: PLANS.business_yearly.name,
    priceUsd: priceUsd(PLANS.business_yearly),
    billingPeriod: 'per year',
    pitch: 'Everything in Business, paid once a year.',
    saving: `${12 - PLANS.business_yearly.priceUsdCents / PLANS.business_monthly.priceUsdCents} months free`,
    features: [...limitFeatures(PLANS.business_yearly), ...BUSINESS_EXTRAS],
    callToAction: `Start ${BUSINESS_TRIAL_DAYS}-day trial`,
    recommended: false,
  },
];

/** "$49" for whole dollars, "$49.50" otherwise. */
export function formatPlanPrice(plan: PricingPlan): string {
  const cents = Math.round(plan.priceUsd * 100) % 100;
  return `$${plan.priceUsd.toLocaleString('en-US', {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}
