import { type Kysely, sql } from 'kysely';

/**
 * Decision 102: an action on customer resources is proposed (its dry run kept), then confirmed and run,
 * and maybe undone; the log keeps one row per resource and attempt, with who approved it, how, the
 * state before and after and AWS's answer. Log rows outlive the integration (no foreign key to it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resource_actions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('launch_id', 'text')
    .addColumn('undo_of', 'uuid')
    .addColumn('plan', 'jsonb', (col) => col.notNull())
    .addColumn('dry_run_answer', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('proposed_by', 'text', (col) => col.notNull())
    .addColumn('proposed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('link_token_hash', 'text')
    .addColumn('link_used_at', 'timestamptz')
    .addColumn('decided_by', 'text')
    .addColumn('decided_via', 'text')
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('resource_actions_by_organization')
    .on('resource_actions')
    .columns(['organization_id', 'proposed_at'])
    .execute();
  await db.schema
    .createTable('resource_action_log')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('action_id', 'uuid', (col) =>
      col.notNull().references('resource_actions.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('state_before', 'text', (col) => col.notNull())
    .addColumn('state_after', 'text')
    .addColumn('aws_code', 'text')
    .addColumn('aws_message', 'text', (col) => col.notNull())
    .addColumn('approved_by', 'text', (col) => col.notNull())
    .addColumn('approved_by_name', 'text', (col) => col.notNull())
    .addColumn('approved_via', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('resource_action_log_by_organization')
    .on('resource_action_log')
    .columns(['organization_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_action_log').execute();
  await db.schema.dropTable('resource_actions').execute();
}
