import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export async function isDatabaseReachable(db: Kysely<DatabaseSchema>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
