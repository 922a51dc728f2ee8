import { type Kysely, sql } from 'kysely';

/**
 * Decision 121: the stop a launch alert proposes may run by itself, when its rule has an automatic
 * policy, at `automatic_at` unless someone keeps the resources first (`kept_by`, `kept_at`). In
 * `dry-run` mode it only records what it would have done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('resource_actions')
    .addColumn('automatic_mode', 'text')
    .addColumn('automatic_at', 'timestamptz')
    .addColumn('automatic_rule', 'text')
    .addColumn('kept_by', 'text')
    .addColumn('kept_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('resource_actions_automatic_due')
    .on('resource_actions')
    .column('automatic_at')
    .where(sql.ref('status'), '=', 'proposed')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('resource_actions_automatic_due').execute();
  await db.schema
    .alterTable('resource_actions')
    .dropColumn('automatic_mode')
    .dropColumn('automatic_at')
    .dropColumn('automatic_rule')
    .dropColumn('kept_by')
    .dropColumn('kept_at')
    .execute();
}
