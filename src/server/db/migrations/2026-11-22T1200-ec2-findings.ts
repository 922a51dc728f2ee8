import { type Kysely, sql } from 'kysely';

/**
 * EC2 rightsizing and idle findings: the latest finding per instance, what people did about
 * it (kept across refreshes, keyed by instance), the organization's rightsizing settings, and the
 * regional price lists read from the AWS Price List API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ec2_findings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('finding', 'text', (col) => col.notNull())
    .addColumn('labels', 'jsonb', (col) => col.notNull())
    .addColumn('current_type', 'text', (col) => col.notNull())
    .addColumn('recommended_type', 'text')
    .addColumn('vcpu', 'integer')
    .addColumn('memory_gib', 'real')
    .addColumn('percentile', 'real', (col) => col.notNull())
    .addColumn('cpu_percentile', 'real')
    .addColumn('memory_percentile', 'real')
    .addColumn('target_cpu_percent', 'real', (col) => col.notNull())
    .addColumn('projected_cpu_percent', 'real')
    .addColumn('required_memory_gib', 'real')
    .addColumn('hourly_cost', 'numeric')
    .addColumn('price_source', 'text', (col) => col.notNull())
    .addColumn('monthly_cost_now', 'numeric')
    .addColumn('monthly_cost_after', 'numeric')
    .addColumn('monthly_savings', 'numeric', (col) => col.notNull())
    .addColumn('idle_verdict', 'text', (col) => col.notNull())
    .addColumn('low_use_days', 'integer', (col) => col.notNull())
    .addColumn('why', 'text', (col) => col.notNull())
    .addColumn('candidates', 'jsonb', (col) => col.notNull())
    .addColumn('candidates_considered', 'integer', (col) => col.notNull())
    .addColumn('window_start', 'date', (col) => col.notNull())
    .addColumn('window_end', 'date', (col) => col.notNull())
    .addColumn('computed_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('ec2_findings_instance', ['organization_id', 'integration_id', 'instance_id'])
    .execute();
  await db.schema
    .createIndex('ec2_findings_by_finding')
    .on('ec2_findings')
    .columns(['organization_id', 'finding'])
    .execute();

  await db.schema
    .createTable('ec2_finding_actions')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('finding', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('snoozed_until', 'timestamptz')
    .addColumn('acted_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('acted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ec2_finding_actions_pk', ['organization_id', 'integration_id', 'instance_id'])
    .execute();

  await db.schema
    .createTable('rightsizing_settings')
    .addColumn('organization_id', 'uuid', (col) =>
      col.primaryKey().references('organization.id').onDelete('cascade'),
    )
    .addColumn('cpu_percentile', 'real', (col) => col.notNull())
    .addColumn('headroom_percent', 'real', (col) => col.notNull())
    .addColumn('updated_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Public prices, shared by every organization: one row per region, { instance type: USD per hour }.
  await db.schema
    .createTable('ec2_price_lists')
    .addColumn('region', 'text', (col) => col.primaryKey())
    .addColumn('prices', 'jsonb', (col) => col.notNull())
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ec2_price_lists', 'rightsizing_settings', 'ec2_finding_actions', 'ec2_findings']) {
    await db.schema.dropTable(table).execute();
  }
}
