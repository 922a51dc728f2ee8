import { type Kysely, sql } from 'kysely';

/**
 * Decision 122: the Savings Plans and reservations the AWS APIs list for each account of an
 * integration, as its last sync read them. Replaced per account and API by each sync whose read
 * answered; gone with the integration. `seen_queued` stays true once a sync saw the commitment queued,
 * so its start is announced once it starts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('commitment_inventory')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('api', 'text', (col) => col.notNull())
    .addColumn('commitment_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('offering', 'text', (col) => col.notNull())
    .addColumn('region', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('term', 'text')
    .addColumn('payment_option', 'text', (col) => col.notNull())
    .addColumn('hourly_commitment_usd', 'numeric')
    .addColumn('instance_type', 'text')
    .addColumn('instance_count', 'integer')
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('rates', 'text')
    .addColumn('seen_queued', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('observed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('commitment_inventory_pk', [
      'organization_id',
      'integration_id',
      'account_id',
      'commitment_id',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('commitment_inventory').execute();
}
