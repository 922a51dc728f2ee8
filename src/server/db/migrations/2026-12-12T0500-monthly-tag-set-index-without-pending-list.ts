import { type Kysely, sql } from 'kysely';

/**
 * Decision 128: the monthly tag-set rollups' tag index is written into at each swap, not through a
 * pending list (emptied only by a vacuum or past 4 MB) that every read of a tag scope's months would walk
 * whole for each of its pairs. The entries already pending go into the index now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter index cost_monthly_tag_set_rollups_tags set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('cost_monthly_tag_set_rollups_tags'::regclass)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index cost_monthly_tag_set_rollups_tags reset (fastupdate)`.execute(db);
}
