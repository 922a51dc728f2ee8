/** The config module owns no table; it only keeps two applies of one organization from interleaving. */
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

/** Held until the transaction ends: a second apply for the organization waits, then reads the first one's result. */
export async function lockOrganizationConfig(
  trx: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`config:${organizationId}`}))`.execute(trx);
}
