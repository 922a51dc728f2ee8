import { type Kysely, sql } from 'kysely';

/**
 * Decision 100 and 101: the volumes, snapshots and addresses each sync observed (findings are
 * computed from them when read), what each finder could do in each account, and what people did with
 * a waste finding (kept across syncs, gone with the resource). EC2 finding actions gain a reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waste_resources')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('attributes', 'jsonb', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('unattached_since', 'timestamptz')
    .addColumn('observed_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('waste_resources_key', ['organization_id', 'integration_id', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('waste_resources_by_account')
    .on('waste_resources')
    .columns(['integration_id', 'account_id', 'resource_type'])
    .execute();

  await db.schema
    .createTable('waste_finder_states')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('finder', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('permission', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('regions', 'integer', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('waste_finder_states_pk', [
      'organization_id',
      'integration_id',
      'account_id',
      'finder',
    ])
    .execute();

  await db.schema
    .createTable('waste_finding_actions')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('snoozed_until', 'timestamptz')
    .addColumn('acted_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('acted_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('waste_finding_actions_pk', [
      'organization_id',
      'integration_id',
      'resource_id',
      'kind',
    ])
    .execute();

  await db.schema.alterTable('ec2_finding_actions').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ec2_finding_actions').dropColumn('reason').execute();
  await db.schema.dropTable('waste_finding_actions').execute();
  await db.schema.dropTable('waste_finder_states').execute();
  await db.schema.dropTable('waste_resources').execute();
}
