import type { Kysely } from 'kysely';

/**
 * Decision 110: a log row keeps what its undo puts back (an Auto Scaling group's sizes, a tag's old
 * value). Decision 111: an action proposed for a launch alert names its notification, one action per
 * alert, so the alert's mail link opens it and its mail thread is told what was done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource_action_log').addColumn('restore', 'jsonb').execute();
  await db.schema.alterTable('resource_actions').addColumn('notification_id', 'uuid').execute();
  await db.schema
    .createIndex('resource_actions_one_per_notification')
    .on('resource_actions')
    .column('notification_id')
    .unique()
    .where('notification_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('resource_actions_one_per_notification').execute();
  await db.schema.alterTable('resource_actions').dropColumn('notification_id').execute();
  await db.schema.alterTable('resource_action_log').dropColumn('restore').execute();
}
