import type { Kysely } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

/** Sets a person's platform role by e-mail; answers false when no account has that address. */
export async function setPlatformRoleByEmail(
  db: Kysely<DatabaseSchema>,
  email: string,
  role: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ platformRole: role, updatedAt: databaseNow() })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
