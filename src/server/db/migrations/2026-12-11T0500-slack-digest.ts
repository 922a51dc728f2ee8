import type { Kysely } from 'kysely';

/**
 * The organization's Slack channel may take the daily or weekly spend digest, as a webhook or Teams
 * endpoint can: 'off' until an owner or admin chooses one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('slack_connections')
    .addColumn('digest', 'text', (column) => column.notNull().defaultTo('off'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slack_connections').dropColumn('digest').execute();
}
