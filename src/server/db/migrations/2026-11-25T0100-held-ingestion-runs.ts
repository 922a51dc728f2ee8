import type { Kysely } from 'kysely';

/**
 * An upload that would lower a month by more than half is held (run state `held`) until a
 * person confirms or discards it. The run keeps its file's path and the months that would shrink.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ingestion_runs').addColumn('held', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ingestion_runs').dropColumn('held').execute();
}
