import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consultation_bookings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('event_url', 'text', (col) => col.notNull())
    .addColumn('booked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('consultation_bookings_user_booked_at')
    .on('consultation_bookings')
    .columns(['user_id', 'booked_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consultation_bookings').execute();
}
