import { PLANS, type PlanFeature, type PlanId, type PlanLimit } from '../../../domain/plans.ts';

const LIMIT_NOUNS: Record<Exclude<PlanLimit, 'historyMonths'>, [one: string, many: string]> = {
  integrations: ['AWS integration', 'AWS integrations'],
  budgets: ['budget', 'budgets'],
  alertRules: ['alert rule', 'alert rules'],
  members: ['member', 'members'],
};

export const FEATURE_NAMES: Record<PlanFeature, string> = {
  'email-alerts': 'E-mail alerts',
  'ec2-recommendations': 'EC2 recommendations',
  'slack-alerts': 'Slack alerts',
  'anomaly-detection': 'Anomaly alerts',
  teams: 'Teams',
  digest: 'Digests',
  consultation: 'Consultations',
};

const counted = (count: number, limit: Exclude<PlanLimit, 'historyMonths'>) =>
  `${count} ${LIMIT_NOUNS[limit][count === 1 ? 0 : 1]}`;

/** Why one more is refused, and what would allow it. */
export function describeLimitRefusal(
  plan: PlanId,
  limit: Exclude<PlanLimit, 'historyMonths'>,
  included: number,
): string {
  const here = `Your ${PLANS[plan].name} plan includes ${counted(included, limit)}.`;
  if (plan !== 'free') return `${here} Remove one before adding another.`;
  const business = PLANS.business_monthly.limits[limit];
  return `${here} Business includes up to ${counted(business, limit)}: the owner can upgrade on the Subscription page.`;
}
