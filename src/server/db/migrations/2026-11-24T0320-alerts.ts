import { type Kysely, sql } from 'kysely';

/** Budgets, alert rules, the notification outbox with its deliveries, preferences and Slack. */
export async function up(db: Kysely<any>): Promise<void> {
  const organizationColumn = (col: any) => col.notNull().references('organization.id').onDelete('cascade');
  await db.schema
    .createTable('budgets')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('amount_usd', 'numeric', (col) => col.notNull())
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('cost_basis', 'text', (col) => col.notNull())
    .addColumn('filter', 'jsonb', (col) => col.notNull())
    .addColumn('thresholds', 'jsonb', (col) => col.notNull())
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('budgets_organization').on('budgets').column('organization_id').execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('filter', 'jsonb', (col) => col.notNull())
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_rules_organization')
    .on('alert_rules')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('alert_notifications')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('dedupe_key', 'text', (col) => col.notNull())
    .addColumn('source_kind', 'text', (col) => col.notNull())
    .addColumn('source_id', 'uuid')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull())
    .addColumn('account_ids', 'jsonb', (col) => col.notNull())
    .addColumn('fired_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addUniqueConstraint('alert_notifications_dedupe', ['organization_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('alert_notifications_fired')
    .on('alert_notifications')
    .columns(['organization_id', 'fired_at'])
    .execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('notification_id', 'uuid', (col) =>
      col.notNull().references('alert_notifications.id').onDelete('cascade'),
    )
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('recipient_user_id', 'uuid')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alert_deliveries_once', ['notification_id', 'channel', 'recipient'])
    .execute();
  await db.schema.createIndex('alert_deliveries_state').on('alert_deliveries').column('state').execute();

  await db.schema
    .createTable('alert_delivery_attempts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('delivery_id', 'uuid', (col) =>
      col.notNull().references('alert_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('worker', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('outcome', 'text', (col) => col.notNull().defaultTo('started'))
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('email', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('slack', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('digest', 'text', (col) => col.notNull().defaultTo('off'))
    .addColumn('kinds', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['organization_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('alert_recipients')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('added_by', 'uuid')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alert_recipients_once', ['organization_id', 'email'])
    .execute();

  await db.schema
    .createTable('slack_connections')
    .addColumn('organization_id', 'uuid', (col) =>
      col.primaryKey().references('organization.id').onDelete('cascade'),
    )
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('webhook_url_sealed', 'text')
    .addColumn('bot_token_sealed', 'text')
    .addColumn('channel', 'text')
    .addColumn('team_name', 'text')
    .addColumn('alert_kinds', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('alert_instance_mutes')
    .addColumn('organization_id', 'uuid', organizationColumn)
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('muted_until', 'timestamptz', (col) => col.notNull())
    .addColumn('muted_by', 'text')
    .addPrimaryKeyConstraint('alert_instance_mutes_pk', ['organization_id', 'instance_id'])
    .execute();

  await db.schema
    .createTable('used_alert_link_tokens')
    .addColumn('token_id', 'text', (col) => col.primaryKey())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'used_alert_link_tokens',
    'alert_instance_mutes',
    'slack_connections',
    'alert_recipients',
    'notification_preferences',
    'alert_delivery_attempts',
    'alert_deliveries',
    'alert_notifications',
    'alert_rules',
    'budgets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
