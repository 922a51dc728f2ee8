import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { CreditCodesTable, DatabaseSchema } from '../../db/schema.ts';

export type CreditCodeRow = Selectable<CreditCodesTable>;

export interface CreditGrantRow {
  id: string;
  code_hint: string | null;
  amount_usd: string;
  remaining_usd: string;
  expires_at: Date | null;
  granted_at: Date;
  stripe_balance_transaction_id: string | null;
  expiry_settled_at: Date | null;
}

const centsAsUsd = (cents: number) => (cents / 100).toFixed(2);

export async function insertCreditCode(
  db: Kysely<DatabaseSchema>,
  code: { codeHash: string; codeHint: string; amountCents: number; expiresAt: Date | null; maxUses: number },
): Promise<void> {
  await db
    .insertInto('credit_codes')
    .values({
      code_hash: code.codeHash,
      code_hint: code.codeHint,
      amount_usd: centsAsUsd(code.amountCents),
      expires_at: code.expiresAt,
      max_uses: code.maxUses,
    })
    .execute();
}

export async function findCreditCode(db: Kysely<DatabaseSchema>, codeHash: string) {
  return db.selectFrom('credit_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export async function hasRedeemed(db: Kysely<DatabaseSchema>, organizationId: string, codeHash: string) {
  const row = await db
    .selectFrom('credit_grants')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes one use of the code if one is left; false when another organization took the last one first. */
export async function claimCreditCodeUse(db: Kysely<DatabaseSchema>, codeHash: string): Promise<boolean> {
  const claimed = await db
    .updateTable('credit_codes')
    .set({ uses: sql`uses + 1` })
    .where('code_hash', '=', codeHash)
    .whereRef('uses', '<', 'max_uses')
    .returning('code_hash')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function insertCreditGrant(
  db: Kysely<DatabaseSchema>,
  grant: { organizationId: string; codeHash: string; amountUsd: string; expiresAt: Date | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('credit_grants')
    .values({
      organization_id: grant.organizationId,
      id,
      code_hash: grant.codeHash,
      amount_usd: grant.amountUsd,
      remaining_usd: grant.amountUsd,
      expires_at: grant.expiresAt,
    })
    .execute();
  return id;
}

export async function listCreditGrants(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<CreditGrantRow[]> {
  return db
    .selectFrom('credit_grants')
    .leftJoin('credit_codes', 'credit_codes.code_hash', 'credit_grants.code_hash')
    .select([
      'credit_grants.id',
      'credit_codes.code_hint',
      'credit_grants.amount_usd',
      'credit_grants.remaining_usd',
      'credit_grants.expires_at',
      'credit_grants.granted_at',
      'credit_grants.stripe_balance_transaction_id',
      'credit_grants.expiry_settled_at',
    ])
    .where('credit_grants.organization_id', '=', organizationId)
    .orderBy('credit_grants.granted_at', 'desc')
    .execute();
}

export async function listCreditUsages(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('credit_usages')
    .select(['grant_id', 'amount_usd', 'stripe_invoice_id', 'invoice_number', 'used_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('used_at', 'desc')
    .execute();
}

/** Records that an invoice used part of a grant; false when that invoice was recorded already. */
export async function recordCreditUsage(
  db: Kysely<DatabaseSchema>,
  usage: {
    organizationId: string;
    grantId: string;
    cents: number;
    invoiceId: string;
    invoiceNumber: string | null;
  },
): Promise<boolean> {
  const amount = centsAsUsd(usage.cents);
  const inserted = await db
    .insertInto('credit_usages')
    .values({
      organization_id: usage.organizationId,
      grant_id: usage.grantId,
      amount_usd: amount,
      stripe_invoice_id: usage.invoiceId,
      invoice_number: usage.invoiceNumber,
      used_at: databaseNow(),
    })
    .onConflict((oc) => oc.columns(['organization_id', 'stripe_invoice_id', 'grant_id']).doNothing())
    .returning('grant_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('credit_grants')
    .set({ remaining_usd: sql`greatest(remaining_usd - ${amount}::numeric, 0)` })
    .where('organization_id', '=', usage.organizationId)
    .where('id', '=', usage.grantId)
    .execute();
  return true;
}

export async function markGrantOnStripeBalance(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  grantId: string,
  transactionId: string,
): Promise<void> {
  await db
    .updateTable('credit_grants')
    .set({ stripe_balance_transaction_id: transactionId })
    .where('organization_id', '=', organizationId)
    .where('id', '=', grantId)
    .execute();
}

export async function markGrantExpirySettled(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  grantId: string,
): Promise<void> {
  await db
    .updateTable('credit_grants')
    .set({ expiry_settled_at: databaseNow() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', grantId)
    .execute();
}
