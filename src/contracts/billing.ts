import { z } from 'zod';
import { PLAN_FEATURES, PLAN_IDS, PLAN_LIMITS } from '../domain/plans.ts';

export const planId = z.enum(PLAN_IDS);
export const businessPlanId = z.enum(['business_monthly', 'business_yearly']);

const instant = z.iso.datetime();

/** One limit of the plan in force and how much of it the organization uses (null: not counted here). */
export const planLimitUsage = z.object({
  limit: z.enum(PLAN_LIMITS),
  included: z.number().int(),
  used: z.number().int().nullable(),
});

/** GET /api/billing/subscription: the organization's plan as the Subscription screen shows it. */
export const subscriptionSummary = z.object({
  plan: planId,
  planName: z.string(),
  /** The plan whose features and limits apply now: free once a business plan expired. */
  planInForce: planId,
  state: z.enum(['active', 'trialing', 'grace', 'expired']),
  reason: z.enum(['free', 'paid', 'trial', 'trial-ended', 'payment-failed', 'cancelled', 'period-ended']),
  /** Who set the plan: nobody yet (free), the trial, a Stripe subscription, or an operator. */
  source: z.enum(['free', 'trial', 'stripe', 'operator']),
  renewsAt: instant.nullable(),
  /** Paid during the trial: Stripe's subscription keeps the trial's days and charges first then. */
  firstChargeAt: instant.nullable(),
  accessEndsAt: instant.nullable(),
  trialEndsAt: instant.nullable(),
  trialAvailable: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  paymentFailedAt: instant.nullable(),
  /** A Stripe customer exists: the portal and invoices are available. */
  hasBillingAccount: z.boolean(),
  /** The viewer owns the organization and may change the plan. */
  canManage: z.boolean(),
  payments: z.object({ configured: z.boolean(), testMode: z.boolean() }),
  features: z.array(z.enum(PLAN_FEATURES)),
  limits: z.array(planLimitUsage),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const checkoutInput = z.object({ plan: businessPlanId });
export const redirectAnswer = z.object({ url: z.url() });

export const invoiceSummary = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: instant,
  periodStart: instant.nullable(),
  periodEnd: instant.nullable(),
  totalUsd: z.number(),
  amountPaidUsd: z.number(),
  creditAppliedUsd: z.number(),
  status: z.string(),
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceList = z.object({ invoices: z.array(invoiceSummary) });
export type InvoiceList = z.infer<typeof invoiceList>;

export const webhookAnswer = z.object({ received: z.literal(true), outcome: z.string() });
