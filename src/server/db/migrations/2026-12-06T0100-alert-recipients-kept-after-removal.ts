import type { Kysely } from 'kysely';

/**
 * Decision 076: an added alert address is kept when a change leaves it out (`removed_at`), so its
 * confirmation and unsubscribe survive a remove-then-add, and `confirmation_sent_at` throttles the
 * confirmation mails to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alert_recipients')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('confirmation_sent_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('alert_recipients').where('removed_at', 'is not', null).execute();
  await db.schema
    .alterTable('alert_recipients')
    .dropColumn('removed_at')
    .dropColumn('confirmation_sent_at')
    .execute();
}
