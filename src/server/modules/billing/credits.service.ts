import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CreditsOverview } from '../../../contracts/credits.ts';
import {
  CREDIT_CODE_PATTERN,
  centsToUsd,
  creditBalance,
  creditCodeFromBytes,
  creditCodeProblem,
  creditGrantState,
  normalizeCreditCode,
} from '../../../domain/credits.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest, forbidden } from '../../plugins/errors.ts';
import { findSubscription } from './billing.repository.ts';
import { creditHistory } from './credit-history.ts';
import { syncCreditsWithStripe } from './credit-stripe-sync.ts';
import { grantFacts } from './credit-usage.ts';
import {
  claimCreditCodeUse,
  findCreditCode,
  hasRedeemed,
  insertCreditCode,
  insertCreditGrant,
  listCreditGrants,
} from './credits.repository.ts';
import type { StripeGateway } from './stripe-gateway.ts';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

const REFUSALS = {
  'already-redeemed': ['CreditCodeAlreadyRedeemed', 'code: your organization already redeemed this code.'],
  expired: ['CreditCodeExpired', 'code: this credit code has expired.'],
  'used-up': ['CreditCodeUsedUp', 'code: this credit code has already been used.'],
} as const;

const refuse = (problem: keyof typeof REFUSALS) => badRequest(REFUSALS[problem][1], REFUSALS[problem][0]);

/** Credit codes, their redemption and the balance. Only the owner redeems and reads them. */
export function createCreditsService(
  db: Kysely<DatabaseSchema>,
  stripe: StripeGateway | undefined,
  log: FastifyBaseLogger,
  /** The injected clock (decision 078): which credit is available, expired or redeemable. */
  now: () => Date,
) {
  const assertOwner = (viewer: Viewer) => {
    if (viewer.organizationRole !== 'owner') throw forbidden('Only the organization owner manages credits.');
  };

  /** Moves redeemed credit to the Stripe balance, and takes back lapsed credit; never fails the caller. */
  async function syncWithStripe(organizationId: string): Promise<void> {
    const customerId = (await findSubscription(db, organizationId))?.stripe_customer_id;
    if (!stripe || !customerId) return;
    await syncCreditsWithStripe(db, stripe, { organizationId, customerId }, now()).catch((error: unknown) =>
      log.warn(
        { err: error, organizationId },
        'credits could not be synchronised with Stripe; retrying later',
      ),
    );
  }

  async function overview(viewer: Viewer): Promise<CreditsOverview> {
    assertOwner(viewer);
    await syncWithStripe(viewer.organizationId);
    const at = now();
    const rows = await listCreditGrants(db, viewer.organizationId);
    const facts = rows.map(grantFacts);
    const balance = creditBalance(facts, at);
    return {
      balanceUsd: centsToUsd(balance.availableCents),
      expiringSoonUsd: centsToUsd(balance.expiringSoonCents),
      expiredUsd: centsToUsd(balance.expiredCents),
      nextExpiry: balance.nextExpiry?.toISOString() ?? null,
      paymentsConfigured: Boolean(stripe),
      grants: rows.map((row, index) => {
        const state = creditGrantState(facts[index]!, at);
        return {
          id: row.id,
          codeHint: row.code_hint ? `SG-…-${row.code_hint}` : null,
          amountUsd: Number(row.amount_usd),
          remainingUsd: Number(row.remaining_usd),
          state,
          grantedAt: row.granted_at.toISOString(),
          expiresAt: row.expires_at?.toISOString() ?? null,
          onNextInvoice:
            Boolean(stripe) && row.stripe_balance_transaction_id !== null && state === 'available',
        };
      }),
      history: await creditHistory(db, viewer.organizationId, rows, at),
    };
  }

  async function claim(organizationId: string, code: string): Promise<void> {
    const codeHash = hashCode(code);
    await db.transaction().execute(async (trx) => {
      const found = await findCreditCode(trx, codeHash);
      if (!found)
        throw badRequest(`code: there is no credit code ${code}. Check it for typos.`, 'UnknownCreditCode');
      const problem = creditCodeProblem(
        { expiresAt: found.expires_at, maxUses: found.max_uses, uses: found.uses },
        { redeemedByThisOrganization: await hasRedeemed(trx, organizationId, codeHash), now: now() },
      );
      if (problem) throw refuse(problem);
      if (!(await claimCreditCodeUse(trx, codeHash))) throw refuse('used-up');
      await insertCreditGrant(trx, {
        organizationId,
        codeHash,
        amountUsd: found.amount_usd,
        expiresAt: found.expires_at,
      });
    });
  }

  return {
    overview,

    async redeem(viewer: Viewer, rawCode: string): Promise<CreditsOverview> {
      assertOwner(viewer);
      if (viewer.isDemo) throw forbidden('The demo account cannot redeem credit codes.');
      const code = normalizeCreditCode(rawCode);
      if (!CREDIT_CODE_PATTERN.test(code)) {
        throw badRequest('code: credit codes look like SG-XXXX-XXXX-XXXX.', 'InvalidCreditCode');
      }
      try {
        await claim(viewer.organizationId, code);
      } catch (error) {
        // Two redemptions of one code by the same organization at once: the unique key stops the second.
        if (isUniqueViolation(error)) throw refuse('already-redeemed');
        throw error;
      }
      return overview(viewer);
    },

    syncWithStripe,

    /** For operators (npm run billing-admin -- issue-credit): answers the code, which is stored only hashed. */
    async issueCode(issue: {
      amountCents: number;
      expiresAt: Date | null;
      maxUses: number;
    }): Promise<string> {
      if (!Number.isInteger(issue.amountCents) || issue.amountCents <= 0) {
        throw new ApiError(400, 'BadRequest', 'amount: give a positive amount in USD, e.g. 50 or 12.50.');
      }
      const code = creditCodeFromBytes(randomBytes(12));
      await insertCreditCode(db, {
        codeHash: hashCode(code),
        codeHint: code.slice(-4),
        amountCents: issue.amountCents,
        expiresAt: issue.expiresAt,
        maxUses: issue.maxUses,
      });
      return code;
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
