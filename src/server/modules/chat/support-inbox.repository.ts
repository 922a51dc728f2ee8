import { type Kysely, sql } from 'kysely';
import type { SupportConversation } from '../../../contracts/chat.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { toChatMessage } from './chat.repository.ts';

export type ConversationStatus = 'open' | 'resolved' | 'all';

const INBOX_LIMIT = 200;

/** Open conversations first, most recent first; each with its unread count and last message. */
export async function listConversations(
  db: Kysely<DatabaseSchema>,
  status: ConversationStatus,
): Promise<SupportConversation[]> {
  let query = db
    .selectFrom('chat_conversations as c')
    .leftJoin('user as u', 'u.id', 'c.user_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select(['m.id', 'm.body', 'm.agent', 'm.created_at'])
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'c.id',
      'c.user_id as userId',
      'c.visitor_email as visitorEmail',
      'c.resolved_at as resolvedAt',
      'c.last_message_at as lastMessageAt',
      'u.name as userName',
      'u.email as userEmail',
      'last.id as lastId',
      'last.body as lastBody',
      'last.agent as lastAgent',
      'last.created_at as lastCreatedAt',
      eb
        .selectFrom('chat_messages as unread')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('unread.conversation_id', '=', 'c.id')
        .where('unread.agent', '=', false)
        .where('unread.read_at', 'is', null)
        .as('unread'),
    ])
    .orderBy(sql`c.resolved_at is not null`)
    .orderBy('c.last_message_at', 'desc')
    .limit(INBOX_LIMIT);
  if (status === 'open') query = query.where('c.resolved_at', 'is', null);
  if (status === 'resolved') query = query.where('c.resolved_at', 'is not', null);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    person: row.userId
      ? { kind: 'user' as const, userId: row.userId, name: row.userName ?? '', email: row.userEmail ?? '' }
      : { kind: 'visitor' as const, email: row.visitorEmail },
    unread: Number(row.unread ?? 0),
    resolved: row.resolvedAt !== null,
    lastMessage:
      row.lastId && row.lastBody !== null && row.lastAgent !== null && row.lastCreatedAt
        ? toChatMessage({
            id: row.lastId,
            body: row.lastBody,
            agent: row.lastAgent,
            created_at: row.lastCreatedAt,
          })
        : null,
    updatedAt: row.lastMessageAt.toISOString(),
  }));
}

export async function setConversationResolved(
  db: Kysely<DatabaseSchema>,
  conversationId: string,
  resolvedAt: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ resolved_at: resolvedAt })
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
