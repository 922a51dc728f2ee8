import type { Kysely } from 'kysely';
import { allocateCreditUse, type CreditGrantFacts, usdToCents } from '../../../domain/credits.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { type CreditGrantRow, listCreditGrants, recordCreditUsage } from './credits.repository.ts';

export function grantFacts(row: CreditGrantRow): CreditGrantFacts {
  return {
    id: row.id,
    amountCents: usdToCents(row.amount_usd),
    remainingCents: usdToCents(row.remaining_usd),
    expiresAt: row.expires_at,
    grantedAt: row.granted_at,
  };
}

/**
 * Stripe took `creditAppliedCents` of the invoice from the customer balance, which holds only the
 * grants we moved there: those grants are used, the one that lapses first first.
 */
export async function recordInvoiceCreditUse(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  invoice: { invoiceId: string; invoiceNumber: string | null; creditAppliedCents: number; createdAt: Date },
): Promise<void> {
  if (invoice.creditAppliedCents <= 0) return;
  const onStripe = (await listCreditGrants(db, organizationId)).filter(
    (grant) => grant.stripe_balance_transaction_id !== null && grant.expiry_settled_at === null,
  );
  const allocation = allocateCreditUse(
    onStripe.map(grantFacts),
    invoice.creditAppliedCents,
    invoice.createdAt,
  );
  for (const part of allocation) {
    await recordCreditUsage(db, {
      organizationId,
      grantId: part.grantId,
      cents: part.cents,
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
    });
  }
}
