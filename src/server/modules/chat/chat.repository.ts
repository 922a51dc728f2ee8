import { type Kysely, sql } from 'kysely';
import type { ChatMessage } from '../../../contracts/chat.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ConversationOwner } from './chat-party.ts';

export interface ConversationRow {
  id: string;
  userId: string | null;
  visitorId: string | null;
  visitorEmail: string | null;
  resolvedAt: Date | null;
}

const MESSAGE_HISTORY_LIMIT = 500;

const ownerColumn = (owner: ConversationOwner) =>
  'userId' in owner ? (['user_id', owner.userId] as const) : (['visitor_id', owner.visitorId] as const);

const conversationColumns = [
  'id',
  'user_id as userId',
  'visitor_id as visitorId',
  'visitor_email as visitorEmail',
  'resolved_at as resolvedAt',
] as const;

export function toChatMessage(row: {
  id: string;
  body: string;
  agent: boolean;
  created_at: Date;
}): ChatMessage {
  return {
    m_id: String(row.id),
    timestamp: row.created_at.toISOString(),
    comment: row.body,
    agent: row.agent,
  };
}

export async function findConversationOf(
  db: Kysely<DatabaseSchema>,
  owner: ConversationOwner,
): Promise<ConversationRow | undefined> {
  const [column, value] = ownerColumn(owner);
  return db
    .selectFrom('chat_conversations')
    .select(conversationColumns)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function findConversationById(db: Kysely<DatabaseSchema>, id: string) {
  return db
    .selectFrom('chat_conversations')
    .select(conversationColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The conversation starts with its first message. */
export async function ensureConversation(
  db: Kysely<DatabaseSchema>,
  owner: ConversationOwner,
): Promise<ConversationRow> {
  const [column, value] = ownerColumn(owner);
  await db
    .insertInto('chat_conversations')
    .values({ [column]: value })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  const found = await findConversationOf(db, owner);
  if (!found) throw new Error('the conversation vanished while it was being created');
  return found;
}

/**
 * One round trip: the message is stored and its conversation moves up the inbox; a person's message
 * also reopens a resolved conversation.
 */
export async function insertMessage(
  db: Kysely<DatabaseSchema>,
  message: { conversationId: string; body: string; agentUserId: string | null },
): Promise<ChatMessage> {
  const agent = message.agentUserId !== null;
  const row = await db
    .with('inserted', (qb) =>
      qb
        .insertInto('chat_messages')
        .values({
          conversation_id: message.conversationId,
          body: message.body,
          agent,
          agent_user_id: message.agentUserId,
        })
        .returning(['id', 'body', 'agent', 'created_at']),
    )
    .with('touched', (qb) =>
      qb
        .updateTable('chat_conversations')
        .set(agent ? { last_message_at: sql`now()` } : { last_message_at: sql`now()`, resolved_at: null })
        .where('id', '=', message.conversationId)
        .returning('id'),
    )
    .selectFrom('inserted')
    .selectAll()
    .executeTakeFirstOrThrow();
  return toChatMessage(row);
}

export async function listMessages(
  db: Kysely<DatabaseSchema>,
  conversationId: string,
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select(['id', 'body', 'agent', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(MESSAGE_HISTORY_LIMIT)
    .execute();
  return rows.reverse().map(toChatMessage);
}

export async function findMessage(db: Kysely<DatabaseSchema>, messageId: string) {
  const row = await db
    .selectFrom('chat_messages')
    .select(['id', 'body', 'agent', 'created_at'])
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row && toChatMessage(row);
}

/** Marks the other side's messages read: the agent's when the person reads, the person's when support does. */
export async function markMessagesRead(
  db: Kysely<DatabaseSchema>,
  read: { conversationId: string; writtenByAgent: boolean; upToId?: string; at: Date },
): Promise<number> {
  let query = db
    .updateTable('chat_messages')
    .set({ read_at: read.at })
    .where('conversation_id', '=', read.conversationId)
    .where('agent', '=', read.writtenByAgent)
    .where('read_at', 'is', null);
  if (read.upToId) query = query.where('id', '<=', read.upToId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setVisitorEmail(db: Kysely<DatabaseSchema>, conversationId: string, email: string) {
  await db
    .updateTable('chat_conversations')
    .set({ visitor_email: email })
    .where('id', '=', conversationId)
    .execute();
}
