import { sql } from 'kysely';
import type { AppContext } from './context.ts';
import { migrateToLatest } from './db/migrate.ts';
import { migrateAuthSchema } from './modules/accounts/auth-schema.ts';

/** Any fixed number: the advisory lock that makes nodes starting together on PostgreSQL migrate in turn. */
const MIGRATION_LOCK_KEY = 20_370_001;

/** better-auth's tables first (ours reference its users and organizations), then our migrations. */
async function migrateAll(context: AppContext): Promise<string[]> {
  await migrateAuthSchema(context);
  return migrateToLatest(context.database.db);
}

/**
 * Brings the schema up to date. On PostgreSQL several nodes may start at once on an empty database;
 * better-auth's migration has no lock of its own, so one session-level advisory lock (held on one
 * reserved connection while the migrations use the others) lets them migrate one after the other.
 */
export async function prepareDatabaseSchema(context: AppContext): Promise<string[]> {
  if (context.database.kind !== 'postgres') return migrateAll(context);
  return context.database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await migrateAll(context);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
