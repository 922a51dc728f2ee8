import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('referrer', 'text')
    .addColumn('user_id', 'text')
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('page_views_occurred_at').on('page_views').column('occurred_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_views').execute();
}
