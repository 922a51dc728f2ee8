import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { isVerificationTokenUsed, markVerificationTokenUsed } from './accounts.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * better-auth's verification links carry a signed, expiring token that would work again until it expires.
 * We remember each one that verified an address, so a link works exactly once.
 */
export function createSingleUseVerification(db: Kysely<DatabaseSchema>) {
  return {
    async wasUsed(token: string): Promise<boolean> {
      return isVerificationTokenUsed(db, hashToken(token));
    },
    async markUsed(token: string): Promise<void> {
      await markVerificationTokenUsed(db, hashToken(token));
    },
  };
}
