import { type Kysely, sql } from 'kysely';

/** Verification links are signed tokens; remembering the used ones makes each link work once. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_verification_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_verification_tokens').execute();
}
