import { type Kysely, sql } from 'kysely';

/**
 * Decision 056: organization API tokens, kept as the SHA-256 of the secret (the secret is shown
 * once), and the audit log of what was done to or with them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    // Hex SHA-256 of the whole `sg_…` secret: a leaked table holds nothing a caller can present.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('last_four', 'text', (col) => col.notNull())
    // Space-separated, in canonical order (src/domain/api-token-scopes.ts).
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('api_tokens_by_organization')
    .on('api_tokens')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('api_token_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organization.id').onDelete('cascade'),
    )
    .addColumn('token_id', 'uuid', (col) => col.references('api_tokens.id').onDelete('set null'))
    // Kept as it was at the time, so the log still reads after a rename or deletion.
    .addColumn('token_name', 'text', (col) => col.notNull())
    // 'created', 'revoked', 'scope-denied', 'route-refused'.
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('actor_user_id', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('api_token_events_by_organization')
    .on('api_token_events')
    .columns(['organization_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_token_events').ifExists().execute();
  await db.schema.dropTable('api_tokens').ifExists().execute();
}
