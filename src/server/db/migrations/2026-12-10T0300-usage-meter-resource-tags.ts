import type { Kysely } from 'kysely';

/**
 * Decision 125: each cursor of the usage meter also keeps the tags of the resources its last read
 * listed (read through the Resource Groups Tagging API), or why they could not be read, so the live
 * ledger's rows and the live-spend alerts name each resource's owner from its tags.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usage_meter_cursors').addColumn('resource_tags', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usage_meter_cursors').dropColumn('resource_tags').execute();
}
