import type { Kysely } from 'kysely';
import { creditGrantState } from '../../../domain/credits.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { grantFacts } from './credit-usage.ts';
import { listCreditGrants, markGrantExpirySettled, markGrantOnStripeBalance } from './credits.repository.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/**
 * Stripe applies a customer's balance to the next invoices by itself, so redeemed credit goes there
 * (a negative balance transaction); credit that lapses unused is taken back. Idempotency keys per
 * grant make a retry after a crash safe.
 */
export async function syncCreditsWithStripe(
  db: Kysely<DatabaseSchema>,
  stripe: StripeGateway,
  organization: { organizationId: string; customerId: string },
  now: Date,
): Promise<void> {
  const { organizationId, customerId } = organization;
  for (const grant of await listCreditGrants(db, organizationId)) {
    const facts = grantFacts(grant);
    const state = creditGrantState(facts, now);
    const label = grant.code_hint ? `code SG-…-${grant.code_hint}` : 'credit';
    if (state === 'available' && !grant.stripe_balance_transaction_id) {
      const transactionId = await stripe.adjustCustomerBalance({
        customerId,
        cents: -facts.remainingCents,
        description: `Spendguard ${label}`,
        idempotencyKey: `credit-grant-${grant.id}`,
      });
      await markGrantOnStripeBalance(db, organizationId, grant.id, transactionId);
    }
    if (state === 'expired' && grant.stripe_balance_transaction_id && !grant.expiry_settled_at) {
      await stripe.adjustCustomerBalance({
        customerId,
        cents: facts.remainingCents,
        description: `Spendguard ${label} expired unused`,
        idempotencyKey: `credit-expiry-${grant.id}`,
      });
      await markGrantExpirySettled(db, organizationId, grant.id);
    }
  }
}
