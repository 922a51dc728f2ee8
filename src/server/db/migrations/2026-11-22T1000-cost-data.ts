import { type Kysely, sql } from 'kysely';

const money = (name: string) => [name, sql`numeric`] as const;

/**
 * Integrations, ingestion runs, and cost facts with their rollups. Facts are daily and detailed (down to
 * the resource); rollups are what screens read: by day, by month, and by tag value (one row per tag key
 * and value, so "cost by value of tag K" is one indexed range scan).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integrations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('role_arn', 'text')
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('export_location', 'jsonb')
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('last_error', 'jsonb')
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('fresh_through', 'date')
    .addColumn('accounts', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('integrations_organization')
    .on('integrations')
    .columns(['organization_id'])
    .execute();

  await db.schema
    .createTable('ingestion_runs')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('files', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('files_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('files_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_read', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('facts_written', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('percent', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('billing_periods', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('warnings', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('ingestion_runs_integration')
    .on('ingestion_runs')
    .columns(['integration_id', 'created_at'])
    .execute();

  const factColumns = (table: ReturnType<typeof db.schema.createTable>) =>
    table
      .addColumn('organization_id', 'uuid', (col) => col.notNull())
      .addColumn('integration_id', 'uuid', (col) =>
        col.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('billing_period', 'date', (col) => col.notNull())
      .addColumn('usage_date', 'date', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('billing_account_id', 'text', (col) => col.notNull())
      .addColumn('usage_account_id', 'text', (col) => col.notNull())
      .addColumn('usage_account_name', 'text')
      .addColumn('service_code', 'text', (col) => col.notNull())
      .addColumn('service_name', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('usage_type', 'text', (col) => col.notNull())
      .addColumn('charge_type', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text')
      .addColumn('tags', 'jsonb', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn(...money('unblended_cost'), (col) => col.notNull())
      .addColumn(...money('amortized_cost'), (col) => col.notNull())
      .addColumn(...money('net_cost'), (col) => col.notNull())
      .addColumn(...money('usage_quantity'), (col) => col.notNull())
      .addColumn('line_items', 'integer', (col) => col.notNull());

  await factColumns(db.schema.createTable('cost_daily_facts')).execute();
  await db.schema
    .createIndex('cost_daily_facts_period')
    .on('cost_daily_facts')
    .columns(['integration_id', 'billing_period'])
    .execute();
  await db.schema
    .createIndex('cost_daily_facts_resource')
    .on('cost_daily_facts')
    .columns(['organization_id', 'resource_id', 'usage_date'])
    .where(sql.ref('resource_id'), 'is not', null)
    .execute();

  // Facts of a run land here first, outside any long transaction; the swap into cost_daily_facts is short.
  await factColumns(
    db.schema.createTable('cost_fact_staging').addColumn('run_id', 'uuid', (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('cost_fact_staging_run').on('cost_fact_staging').column('run_id').execute();

  for (const [table, bucket] of [
    ['cost_daily_rollups', 'usage_date'],
    ['cost_monthly_rollups', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('organization_id', 'uuid', (col) => col.notNull())
      .addColumn('integration_id', 'uuid', (col) =>
        col.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('billing_period', 'date', (col) => col.notNull())
      .addColumn(bucket, 'date', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('usage_account_id', 'text', (col) => col.notNull())
      .addColumn('service_name', 'text', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('charge_type', 'text', (col) => col.notNull())
      .addColumn(...money('unblended_cost'), (col) => col.notNull())
      .addColumn(...money('amortized_cost'), (col) => col.notNull())
      .addColumn(...money('net_cost'), (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex(`${table}_range`)
      .on(table)
      .columns(['organization_id', 'integration_id', bucket])
      .execute();
  }

  for (const [table, bucket] of [
    ['cost_daily_tag_rollups', 'usage_date'],
    ['cost_monthly_tag_rollups', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('organization_id', 'uuid', (col) => col.notNull())
      .addColumn('integration_id', 'uuid', (col) =>
        col.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('billing_period', 'date', (col) => col.notNull())
      .addColumn(bucket, 'date', (col) => col.notNull())
      .addColumn('tag_key', 'text', (col) => col.notNull())
      .addColumn('tag_value', 'text', (col) => col.notNull())
      .addColumn('usage_account_id', 'text', (col) => col.notNull())
      .addColumn('service_name', 'text', (col) => col.notNull())
      .addColumn(...money('unblended_cost'), (col) => col.notNull())
      .addColumn(...money('amortized_cost'), (col) => col.notNull())
      .addColumn(...money('net_cost'), (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex(`${table}_by_key`)
      .on(table)
      .columns(['organization_id', 'integration_id', 'tag_key', bucket])
      .execute();
  }

  await db.schema
    .createTable('ec2_instances')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('instance_type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('platform', 'text')
    .addColumn('architecture', 'text')
    .addColumn('launch_time', 'timestamptz')
    .addColumn('auto_scaling_group', 'text')
    .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('observed_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('ec2_instances_pk', ['integration_id', 'instance_id'])
    .execute();
  await db.schema
    .createIndex('ec2_instances_organization')
    .on('ec2_instances')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('ec2_instance_metrics')
    .addColumn('organization_id', 'uuid', (col) => col.notNull())
    .addColumn('integration_id', 'uuid', (col) =>
      col.notNull().references('integrations.id').onDelete('cascade'),
    )
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('hour', 'timestamptz', (col) => col.notNull())
    .addColumn('cpu_max_percent', 'real')
    .addColumn('cpu_average_percent', 'real')
    .addColumn('network_in_bytes', 'double precision')
    .addColumn('network_out_bytes', 'double precision')
    .addColumn('memory_max_percent', 'real')
    .addPrimaryKeyConstraint('ec2_instance_metrics_pk', ['integration_id', 'instance_id', 'hour'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'ec2_instance_metrics',
    'ec2_instances',
    'cost_monthly_tag_rollups',
    'cost_daily_tag_rollups',
    'cost_monthly_rollups',
    'cost_daily_rollups',
    'cost_fact_staging',
    'cost_daily_facts',
    'ingestion_runs',
    'integrations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
