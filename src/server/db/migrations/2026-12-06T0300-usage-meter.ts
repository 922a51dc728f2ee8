import type { Kysely } from 'kysely';

/**
 * Decision 091: the usage meter keeps one row per metered resource and five-minute period (a period
 * read again replaces its row, so it is never counted twice) and one cursor per integration, region
 * and charge (where its settled periods end; a failed read leaves it, so the next read covers the gap).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_meter_periods')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('charge', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('quantity', 'double precision', (col) => col.notNull())
    .addColumn('read_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_meter_periods_pkey', [
      'integration_id',
      'region',
      'charge',
      'resource_id',
      'period_start',
    ])
    .execute();
  await db.schema
    .createIndex('usage_meter_periods_by_organization')
    .on('usage_meter_periods')
    .columns(['organization_id', 'period_start'])
    .execute();
  await db.schema
    .createTable('usage_meter_cursors')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('charge', 'text', (col) => col.notNull())
    .addColumn('settled_through', 'timestamptz', (col) => col.notNull())
    .addColumn('last_read_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('metrics_requested', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_meter_cursors_pkey', ['integration_id', 'region', 'charge'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_meter_cursors').execute();
  await db.schema.dropTable('usage_meter_periods').execute();
}
