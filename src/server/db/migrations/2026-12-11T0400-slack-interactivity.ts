import type { Kysely } from 'kysely';

/**
 * Decision 132: a Slack connection made through the app keeps its workspace's id, so a signed
 * interaction is matched to the organization whose workspace sent it; each alert posted with the app
 * keeps its channel and message ts, so what was done is told in that message's thread.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('slack_connections').addColumn('team_id', 'text').execute();
  await db.schema
    .alterTable('alert_deliveries')
    .addColumn('slack_channel', 'text')
    .addColumn('slack_ts', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_deliveries').dropColumn('slack_ts').dropColumn('slack_channel').execute();
  await db.schema.alterTable('slack_connections').dropColumn('team_id').execute();
}
