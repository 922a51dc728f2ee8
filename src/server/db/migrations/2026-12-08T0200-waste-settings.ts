import type { Kysely } from 'kysely';

/**
 * Decision 108: the waste findings' thresholds, one row per organization that changed them (the
 * defaults apply to the others).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waste_settings')
    .addColumn('organization_id', 'uuid', (col) =>
      col.primaryKey().references('organization.id').onDelete('cascade'),
    )
    .addColumn('unattached_days', 'integer', (col) => col.notNull())
    .addColumn('snapshot_age_days', 'integer', (col) => col.notNull())
    .addColumn('snapshots_kept_per_volume', 'integer', (col) => col.notNull())
    .addColumn('nat_gateway_min_gb', 'double precision', (col) => col.notNull())
    .addColumn('load_balancer_min_requests', 'integer', (col) => col.notNull())
    .addColumn('database_idle_days', 'integer', (col) => col.notNull())
    .addColumn('updated_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waste_settings').execute();
}
