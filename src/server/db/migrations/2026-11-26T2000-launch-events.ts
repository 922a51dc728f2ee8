import { type Kysely, sql } from 'kysely';

/**
 * Early warning (decision 046): the launch changes read from each integration's
 * launch-events queue (or its API destination), the messages that were not launch events, each
 * queue's poll state, and the API destination's secret (its hash only).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('launch_changes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('change_id', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('resource_kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text')
    .addColumn('multi_az', 'boolean')
    .addColumn('engine', 'text')
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('who', 'text')
    // The event time as sent (ledger row ids are built from it) and as a timestamp to sort and filter on.
    .addColumn('event_time', 'text', (col) => col.notNull())
    .addColumn('event_at', 'timestamptz', (col) => col.notNull())
    .addColumn('via', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('launch_changes_once', ['integration_id', 'change_id'])
    .execute();
  await db.schema
    .createIndex('launch_changes_by_time')
    .on('launch_changes')
    .columns(['organization_id', 'event_at'])
    .execute();

  await db.schema
    .createTable('launch_event_rejections')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('launch_event_rejections_once', ['integration_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('launch_event_queues')
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('queue_url', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('last_polled_at', 'timestamptz')
    .addColumn('last_state_change_at', 'timestamptz')
    .addColumn('last_api_call_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('launch_event_queues_pkey', ['integration_id', 'region'])
    .execute();

  // Which worker polls an integration now: one at a time across nodes; a killed node's lease runs out.
  await db.schema
    .createTable('launch_event_poller_leases')
    .addColumn('integration_id', 'uuid', (col) =>
      col.primaryKey().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('held_until', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('launch_event_secrets')
    .addColumn('integration_id', 'uuid', (col) =>
      col.primaryKey().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'launch_event_secrets',
    'launch_event_queues',
    'launch_event_rejections',
    'launch_changes',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
