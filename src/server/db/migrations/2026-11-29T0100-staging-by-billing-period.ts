import type { Kysely } from 'kysely';

/**
 * Decision 062: a run's staged facts are swapped in one billing period at a time, each period in its own
 * transaction, so the staging is read by run and period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('cost_fact_staging_run_period')
    .on('cost_fact_staging')
    .columns(['run_id', 'billing_period'])
    .execute();
  await db.schema.dropIndex('cost_fact_staging_run').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cost_fact_staging_run').on('cost_fact_staging').column('run_id').execute();
  await db.schema.dropIndex('cost_fact_staging_run_period').execute();
}
