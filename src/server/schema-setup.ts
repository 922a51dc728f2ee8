import type { AppContext } from './context.ts';
import { migrateToLatest } from './db/migrate.ts';
import { migrateAuthSchema } from './modules/accounts/auth-schema.ts';

/** better-auth's tables first (ours reference its users and organizations), then our migrations. */
export async function prepareDatabaseSchema(context: AppContext): Promise<string[]> {
  await migrateAuthSchema(context);
  return migrateToLatest(context.database.db);
}
