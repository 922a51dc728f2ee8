import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Only a hash of each visitor token is kept: a leaked table does not let anyone into a chat.
  await db.schema
    .createTable('chat_visitor_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('visitor_id', 'uuid', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('chat_visitor_tokens_expires_at')
    .on('chat_visitor_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.unique().references('user.id').onDelete('cascade'))
    .addColumn('visitor_id', 'uuid', (col) => col.unique())
    .addColumn('visitor_email', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_conversations_one_owner', sql`num_nonnulls(user_id, visitor_id) = 1`)
    .execute();
  await db.schema
    .createIndex('chat_conversations_last_message_at')
    .on('chat_conversations')
    .column('last_message_at')
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('conversation_id', 'uuid', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('agent', 'boolean', (col) => col.notNull())
    .addColumn('agent_user_id', 'uuid', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('reminder_mailed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema
    .createIndex('chat_messages_unread_replies')
    .on('chat_messages')
    .column('created_at')
    .where(sql.ref('agent'), '=', true)
    .where(sql.ref('read_at'), 'is', null)
    .where(sql.ref('reminder_mailed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
  await db.schema.dropTable('chat_visitor_tokens').execute();
}
