import type { Kysely } from 'kysely';

/**
 * Decision 094: each cursor of the usage meter also keeps the datapoints its reads left out (dated in
 * the future or far in the past), how many metrics its last read asked for (what the meter costs at
 * the current settings), and the resources its last read listed (a resource no longer listed stops
 * its row).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('usage_meter_cursors')
    .addColumn('left_out', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('usage_meter_cursors')
    .addColumn('metrics_last_read', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('usage_meter_cursors').addColumn('listed_resources', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usage_meter_cursors').dropColumn('listed_resources').execute();
  await db.schema.alterTable('usage_meter_cursors').dropColumn('metrics_last_read').execute();
  await db.schema.alterTable('usage_meter_cursors').dropColumn('left_out').execute();
}
