import type { Kysely } from 'kysely';

/**
 * Decision 112: the meter's error against the bill, one row per integration, region, charge and day
 * the bill covers: what the meter counted for that day's hours, what the bill charged, and when the
 * two were compared. The meter's own periods are never adjusted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_meter_accuracy')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('charge', 'text', (col) => col.notNull())
    .addColumn('usage_date', 'date', (col) => col.notNull())
    .addColumn('metered_usd', 'double precision', (col) => col.notNull())
    .addColumn('billed_usd', 'double precision', (col) => col.notNull())
    .addColumn('compared_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_meter_accuracy_pkey', [
      'integration_id',
      'region',
      'charge',
      'usage_date',
    ])
    .execute();
  await db.schema
    .createIndex('usage_meter_accuracy_by_organization')
    .on('usage_meter_accuracy')
    .columns(['organization_id', 'usage_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_meter_accuracy').execute();
}
