import type { Kysely } from 'kysely';
import { PLANS, type PlanId } from '../../../domain/plans.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { findSubscription, saveSubscription } from './billing.repository.ts';

export interface OperatorPlanChange {
  organization: { id: string; name: string; slug: string };
  plan: PlanId;
  /** When the plan ends: midnight UTC after its last day; null for no end. */
  until: Date | null;
}

/**
 * Without Stripe, an operator sets plans from the command line (npm run billing-admin -- set-plan).
 * A plan with an end behaves like a cancelled subscription: it runs to the end, then expires until
 * the owner continues on free.
 */
export function createOperatorPlans(
  db: Kysely<DatabaseSchema>,
  organizations: OrganizationsService,
  clock: () => Date,
) {
  return {
    async setPlanByOperator(target: string, plan: PlanId, until: Date | null): Promise<OperatorPlanChange> {
      const organization = await organizations.findForOperator(target);
      const current = await findSubscription(db, organization.id);
      const live = current?.stripe_subscription_id && current.stripe_status !== 'canceled';
      if (live) {
        throw new Error(
          `${organization.slug} pays through Stripe (subscription ${current.stripe_subscription_id}): ` +
            'change it in the Stripe dashboard, or ask the owner to continue on Free first.',
        );
      }
      if (plan === 'free' && until) throw new Error('--until applies to business plans; Free has no end.');
      const now = clock();
      await saveSubscription(db, organization.id, {
        plan,
        source: plan === 'free' ? 'free' : 'operator',
        trial_ends_at: null,
        current_period_end: until,
        cancel_at_period_end: until !== null,
        cancelled_at: until ? now : null,
        payment_failed_at: null,
      });
      return { organization, plan, until };
    },
  };
}

export function describeOperatorPlanChange(change: OperatorPlanChange): string {
  const name = `${change.organization.name} (${change.organization.slug})`;
  if (!change.until) return `${name} is now on ${PLANS[change.plan].name}.`;
  const lastDay = new Date(change.until.getTime() - 1).toISOString().slice(0, 10);
  return `${name} is now on ${PLANS[change.plan].name} until the end of ${lastDay} (UTC).`;
}
