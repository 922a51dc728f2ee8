import { type Kysely, sql } from 'kysely';

/** The tables that hold an integration's costs, as they stood when this migration was written. */
const COST_TABLES = [
  'cost_daily_facts',
  'cost_daily_rollups',
  'cost_monthly_rollups',
  'cost_daily_totals',
  'cost_daily_tag_rollups',
  'cost_monthly_tag_rollups',
] as const;
const ROLLUPS = COST_TABLES.filter((table) => table !== 'cost_daily_facts');

/**
 * Decision 068: a month's swap touches only its month.
 * - Every table it deletes from is found by integration and billing period, as the facts already were.
 *   The rollups were indexed by organization first, for reads, so each swap (and an integration's
 *   removal) read every rollup row of every tenant to find one month's.
 * - The facts' index on (organization, resource, day) served no query the range index does not, and
 *   cost each swap a fifth of its fact insert.
 * - The cost tables drop their foreign keys to `integrations`: PostgreSQL checked each once per inserted
 *   row, a locking lookup of the same integration, about a third of a large month's swap. An
 *   integration's removal still takes its cost rows with it, in the same transaction: it cascades to its
 *   row in `cost_data_integrations`, whose trigger deletes them. The removal's cascade to the runs waits
 *   for a month's swap in progress first, so the trigger's deletes see the rows that swap wrote; the
 *   trigger also locks the integration's running runs itself, should that order ever change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ROLLUPS) {
    await db.schema
      .createIndex(`${table}_period`)
      .on(table)
      .columns(['integration_id', 'billing_period'])
      .execute();
  }
  await db.schema.dropIndex('cost_daily_facts_resource').ifExists().execute();

  await db.schema
    .createTable('cost_data_integrations')
    .addColumn('integration_id', 'uuid', (col) =>
      col.primaryKey().references('integrations.id').onDelete('cascade'),
    )
    .execute();
  await sql`insert into cost_data_integrations (integration_id) select id from integrations`.execute(db);
  const deletes = COST_TABLES.map(
    (table) => `delete from ${table} where integration_id = old.integration_id;`,
  ).join('\n  ');
  await sql
    .raw(`create function forget_cost_data_of_integration() returns trigger language plpgsql as $$
begin
  perform 1 from ingestion_runs where integration_id = old.integration_id and state = 'running' for update;
  ${deletes}
  return null;
end $$`)
    .execute(db);
  await sql`create trigger cost_data_removed_with_its_integration after delete on cost_data_integrations
    for each row execute function forget_cost_data_of_integration()`.execute(db);
  for (const table of COST_TABLES) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_integration_id_fkey`)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of COST_TABLES) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_integration_id_fkey`)}
      foreign key (integration_id) references integrations (id) on delete cascade`.execute(db);
  }
  await db.schema.dropTable('cost_data_integrations').execute();
  await sql`drop function if exists forget_cost_data_of_integration()`.execute(db);

  await db.schema
    .createIndex('cost_daily_facts_resource')
    .on('cost_daily_facts')
    .columns(['organization_id', 'resource_id', 'usage_date'])
    .where(sql.ref('resource_id'), 'is not', null)
    .execute();
  for (const table of ROLLUPS) await db.schema.dropIndex(`${table}_period`).ifExists().execute();
}
