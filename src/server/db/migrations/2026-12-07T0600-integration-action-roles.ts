import type { Kysely } from 'kysely';

/**
 * Decision 102: an integration may name a second, opt-in role Spendguard assumes only to act (stop,
 * start, scale, tag). Null, the default, means Spendguard can only read that account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('integrations').addColumn('action_role_arn', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('integrations').dropColumn('action_role_arn').execute();
}
