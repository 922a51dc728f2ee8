import type { Kysely } from 'kysely';

/**
 * Decision 067: a staged fact belongs to its run, and the run names the organization and the integration,
 * so staging drops both columns. Each staged row carried two UUIDs to parse and a foreign key checked one
 * row at a time; the swap now writes the owner it was given. A staged row outlives no running run: the run
 * discards its own, and the orphan sweep those of runs no longer running.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cost_fact_staging').dropColumn('organization_id').execute();
  await db.schema.alterTable('cost_fact_staging').dropColumn('integration_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Staged facts are a running run's scratch: a downgrade starts with none.
  await db.deleteFrom('cost_fact_staging').execute();
  await db.schema
    .alterTable('cost_fact_staging')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('cost_fact_staging')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .execute();
}
