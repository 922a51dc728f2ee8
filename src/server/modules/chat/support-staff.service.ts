import type { Kysely } from 'kysely';
import { isValidEmail } from '../../../domain/account-rules.ts';
import { SUPPORT_ROLE } from '../../../domain/support-staff.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { setPlatformRoleByEmail } from './support-staff.repository.ts';

export type SupportGrantResult = 'granted' | 'revoked' | 'no-such-account' | 'invalid-email';

/** An operator makes someone support staff, or takes it back (npm run admin). */
export function createSupportStaffService(db: Kysely<DatabaseSchema>) {
  const setRole = async (email: string, role: string | null, done: SupportGrantResult) => {
    if (!isValidEmail(email.trim())) return 'invalid-email' as const;
    return (await setPlatformRoleByEmail(db, email, role)) ? done : ('no-such-account' as const);
  };
  return {
    grant: (email: string): Promise<SupportGrantResult> => setRole(email, SUPPORT_ROLE, 'granted'),
    revoke: (email: string): Promise<SupportGrantResult> => setRole(email, null, 'revoked'),
  };
}
