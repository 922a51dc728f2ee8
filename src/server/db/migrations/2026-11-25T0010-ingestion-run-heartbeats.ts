import { type Kysely, sql } from 'kysely';

/**
 * A run's worker beats while it reads (a run whose beat stopped was orphaned by a dead
 * process), and an upload run names the folder holding its file (swept once the run ended).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ingestion_runs')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('upload_dir', 'text')
    .execute();
  await db.schema
    .createIndex('ingestion_runs_running')
    .on('ingestion_runs')
    .column('heartbeat_at')
    .where(sql.ref('state'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ingestion_runs_running').execute();
  await db.schema.alterTable('ingestion_runs').dropColumn('heartbeat_at').dropColumn('upload_dir').execute();
}
