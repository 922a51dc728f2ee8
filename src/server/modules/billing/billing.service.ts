import type { SubscriptionSummary } from '../../../contracts/billing.ts';
import type { SubscriptionPlan } from '../../../contracts/users.ts';
import { PLANS, type PlanFeature, type PlanLimit, planAllows } from '../../../domain/plans.ts';
import { SUBSCRIPTION_EXPIRED } from '../../../domain/subscription-status.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../plugins/errors.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { findSubscription, saveSubscription } from './billing.repository.ts';
import { createCreditsService } from './credits.service.ts';
import { createOperatorPlans } from './operator-plans.ts';
import { describeLimitRefusal, FEATURE_NAMES } from './plan-refusals.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { handleStripeEvent } from './stripe-webhook-handler.ts';
import { createSubscriptionActions } from './subscription-actions.ts';
import { entitlementsOf, FREE_SUBSCRIPTION, toSubscriptionSummary } from './subscription-facts.ts';

/** What the guards need to know about the caller: whose organization it is. */
export type OrganizationScoped = Pick<Viewer, 'organizationId'>;
export type CountedLimit = Exclude<PlanLimit, 'historyMonths'>;
type UsageCounter = (organizationId: string) => Promise<number>;

/** The answer of messages and billing queries once the plan lapsed. */
export const subscriptionExpired = () => new ApiError(402, 'SubscriptionExpired', SUBSCRIPTION_EXPIRED);

/**
 * The organization's plan: what it allows, the guards other modules call, the Subscription
 * screen's actions, Stripe webhooks and credits.
 */
export function createBillingService(
  context: AppContext,
  organizations: OrganizationsService,
  reads: CachedReads = UNCACHED_READS,
) {
  const { db } = context.database;
  const stripe = context.config.stripe ? createStripeGateway(context.config.stripe) : undefined;
  const payments = { configured: Boolean(stripe), testMode: stripe?.testMode ?? false };
  const credits = createCreditsService(db, stripe, context.log, () => context.clock.now());
  const usageCounters = new Map<CountedLimit, UsageCounter>();

  async function subscriptionOf(organizationId: string) {
    return (
      (await findSubscription(db, organizationId)) ?? {
        ...FREE_SUBSCRIPTION,
        organization_id: organizationId,
      }
    );
  }

  /** The plan in force now, its state, and what it includes: the row may be a second old, the clock is not. */
  async function entitlements(organizationId: string) {
    const subscription = await reads.read(`subscription\n${organizationId}`, () =>
      subscriptionOf(organizationId),
    );
    return entitlementsOf(subscription, context.clock.now());
  }

  async function usageOf(organizationId: string): Promise<Partial<Record<PlanLimit, number>>> {
    const counted = await Promise.all(
      [...usageCounters].map(async ([limit, count]) => [limit, await count(organizationId)] as const),
    );
    return Object.fromEntries(counted);
  }

  return {
    entitlements,

    /** Guard for messages and billing-data: 402 `Subscription Expired` once the plan lapsed. */
    async assertSubscriptionActive(viewer: OrganizationScoped): Promise<void> {
      if ((await entitlements(viewer.organizationId)).status.state === 'expired') throw subscriptionExpired();
    },

    /** Refuses adding one more integration, budget, alert rule or member beyond the plan in force. */
    async assertWithinLimit(
      viewer: OrganizationScoped,
      limit: CountedLimit,
      currentCount: number,
    ): Promise<void> {
      const { planInForce } = await entitlements(viewer.organizationId);
      const included = PLANS[planInForce].limits[limit];
      if (currentCount < included) return;
      throw new ApiError(403, 'PlanLimitReached', describeLimitRefusal(planInForce, limit, included));
    },

    /** Refuses a business feature (Slack, anomalies, teams, digest, consultation) outside business. */
    async assertFeature(viewer: OrganizationScoped, feature: PlanFeature): Promise<void> {
      const { planInForce } = await entitlements(viewer.organizationId);
      if (planAllows(planInForce, feature)) return;
      throw new ApiError(
        403,
        'PlanFeatureRequired',
        `${FEATURE_NAMES[feature]} are part of the Business plan. The owner can start a trial or upgrade on the Subscription page.`,
      );
    },

    /** The demo organization shows the whole product: Business with no end, set each time the demo user is ensured. */
    async grantDemoBusinessPlan(demoUserId: string): Promise<void> {
      const organizationId = await organizations.organizationForNewSession(demoUserId);
      if (!organizationId) return;
      const current = await findSubscription(db, organizationId);
      if (current?.plan === 'business_yearly' && current.source === 'operator' && !current.current_period_end)
        return;
      await saveSubscription(db, organizationId, {
        plan: 'business_yearly',
        source: 'operator',
        trial_ends_at: null,
        current_period_end: null,
        cancel_at_period_end: false,
        cancelled_at: null,
        payment_failed_at: null,
      });
    },

    /** Other modules tell billing how to count what the plan limits, for the Subscription screen. */
    registerUsageCounter(limit: CountedLimit, count: UsageCounter): void {
      usageCounters.set(limit, count);
    },

    /** The plan's fields of the user record. Only the owner gets the customer id: it marks isOwner. */
    async userBillingFields(
      viewer: Viewer,
    ): Promise<{ subscription_plan: SubscriptionPlan; stripe_customer_id: string | null }> {
      const row = await subscriptionOf(viewer.organizationId);
      const isOwner = viewer.organizationRole === 'owner';
      return {
        subscription_plan: entitlementsOf(row, context.clock.now()).planInForce,
        stripe_customer_id: isOwner ? row.stripe_customer_id : null,
      };
    },

    async summary(viewer: Viewer): Promise<SubscriptionSummary> {
      return toSubscriptionSummary(await subscriptionOf(viewer.organizationId), {
        now: context.clock.now(),
        canManage: viewer.organizationRole === 'owner' && !viewer.isDemo,
        payments,
        usage: await usageOf(viewer.organizationId),
      });
    },

    /** Verifies the signature over the raw body, then applies the event once (answers its outcome). */
    async receiveStripeWebhook(rawBody: Buffer, signature: string): Promise<string> {
      if (!stripe)
        throw new ApiError(503, 'PaymentsNotConfigured', 'Payments are not configured on this server.');
      let event: ReturnType<typeof stripe.verifyEvent>;
      try {
        event = stripe.verifyEvent(rawBody, signature);
      } catch (error) {
        throw badRequest(`stripe-signature: ${(error as Error).message}`, 'InvalidSignature');
      }
      return handleStripeEvent(db, event);
    },

    ...createSubscriptionActions({ context, stripe, credits, organizations, subscriptionOf }),
    ...createOperatorPlans(db, organizations, () => context.clock.now()),
    credits,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
