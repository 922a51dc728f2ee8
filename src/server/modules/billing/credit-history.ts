import type { Kysely } from 'kysely';
import type { CreditsOverview } from '../../../contracts/credits.ts';
import { centsToUsd, creditGrantState } from '../../../domain/credits.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { grantFacts } from './credit-usage.ts';
import { type CreditGrantRow, listCreditUsages } from './credits.repository.ts';

type HistoryEntry = CreditsOverview['history'][number];

/** Grants, what invoices used and what lapsed unused, newest first. */
export async function creditHistory(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  grants: CreditGrantRow[],
  now: Date,
): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = grants.map((grant) => ({
    kind: 'granted',
    amountUsd: Number(grant.amount_usd),
    at: grant.granted_at.toISOString(),
    description: grant.code_hint ? `Redeemed code SG-…-${grant.code_hint}` : 'Credit granted',
  }));
  for (const grant of grants) {
    const facts = grantFacts(grant);
    if (creditGrantState(facts, now) !== 'expired' || !grant.expires_at) continue;
    entries.push({
      kind: 'expired',
      amountUsd: centsToUsd(facts.remainingCents),
      at: grant.expires_at.toISOString(),
      description: 'Unused credit expired',
    });
  }
  for (const usage of await listCreditUsages(db, organizationId)) {
    entries.push({
      kind: 'used',
      amountUsd: Number(usage.amount_usd),
      at: usage.used_at.toISOString(),
      description: `Applied to invoice ${usage.invoice_number ?? usage.stripe_invoice_id}`,
    });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}
