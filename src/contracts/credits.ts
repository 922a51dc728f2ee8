import { z } from 'zod';

const instant = z.iso.datetime();

export const redeemCreditInput = z.object({
  code: z.string().trim().min(1, 'enter a credit code').max(40, 'a credit code is at most 40 characters'),
});

/** One line of the credit history: a grant, what an invoice used, or what lapsed unused. */
export const creditHistoryEntry = z.object({
  kind: z.enum(['granted', 'used', 'expired']),
  amountUsd: z.number(),
  at: instant,
  description: z.string(),
});

export const creditGrantSummary = z.object({
  id: z.string(),
  codeHint: z.string().nullable(),
  amountUsd: z.number(),
  remainingUsd: z.number(),
  state: z.enum(['available', 'used', 'expired']),
  grantedAt: instant,
  expiresAt: instant.nullable(),
  /** The credit sits on the Stripe customer balance, paying the next invoices. */
  onNextInvoice: z.boolean(),
});

/** GET /api/credits. */
export const creditsOverview = z.object({
  balanceUsd: z.number(),
  expiringSoonUsd: z.number(),
  expiredUsd: z.number(),
  nextExpiry: instant.nullable(),
  paymentsConfigured: z.boolean(),
  grants: z.array(creditGrantSummary),
  history: z.array(creditHistoryEntry),
});
export type CreditsOverview = z.infer<typeof creditsOverview>;
