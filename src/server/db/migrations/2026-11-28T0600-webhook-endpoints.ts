import { type Kysely, sql } from 'kysely';

/**
 * Decision 058: signed outbound webhooks and Microsoft Teams as endpoints of an organization.
 * Their deliveries are rows of the same outbox as mail and Slack (`alert_deliveries`), tied to the
 * endpoint so its delivery log is one indexed query; each attempt keeps the receiver's answer code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('url_sealed', 'text', (col) => col.notNull())
    .addColumn('url_hint', 'text', (col) => col.notNull())
    .addColumn('muted_kinds', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('digest', 'text', (col) => col.notNull().defaultTo('off'))
    .addColumn('secret_sealed', 'text')
    .addColumn('secret_hint', 'text')
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('paused_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_organization')
    .on('webhook_endpoints')
    .column('organization_id')
    .execute();

  await db.schema
    .alterTable('alert_deliveries')
    .addColumn('endpoint_id', 'uuid', (col) => col.references('webhook_endpoints.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('alert_deliveries_endpoint')
    .on('alert_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('alert_delivery_attempts')
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alert_delivery_attempts')
    .dropColumn('status_code')
    .dropColumn('duration_ms')
    .execute();
  await db.deleteFrom('alert_deliveries').where('endpoint_id', 'is not', null).execute();
  await db.schema.dropIndex('alert_deliveries_endpoint').execute();
  await db.schema.alterTable('alert_deliveries').dropColumn('endpoint_id').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
