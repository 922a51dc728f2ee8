import { type Kysely, sql } from 'kysely';

/**
 * Decision 124: the recommendations AWS Compute Optimizer gives for an account, as each sync imported
 * them (one row per source and resource, replaced per account), merged with Spendguard's own when read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_recommendations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('resource_arn', 'text', (col) => col.notNull())
    .addColumn('aws_finding', 'text', (col) => col.notNull())
    .addColumn('current_configuration', 'text', (col) => col.notNull())
    .addColumn('recommended_configuration', 'text', (col) => col.notNull())
    .addColumn('monthly_savings', 'numeric')
    .addColumn('savings_percentage', 'numeric')
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('observed_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('imported_recommendations_key', [
      'organization_id',
      'integration_id',
      'source',
      'resource_id',
    ])
    .execute();
  await db.schema
    .createIndex('imported_recommendations_by_account')
    .on('imported_recommendations')
    .columns(['integration_id', 'account_id', 'source'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_recommendations').execute();
}
