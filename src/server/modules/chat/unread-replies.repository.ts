import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface OverdueReply {
  messageId: string;
  conversationId: string;
  body: string;
  /** The person's address: their account's, or the one a visitor gave. */
  email: string | null;
  name: string | null;
  /** True for a visitor's conversation (no account). */
  visitor: boolean;
}

/** Support replies still unread and never mailed, written before `writtenBefore`. */
export async function findOverdueUnreadReplies(
  db: Kysely<DatabaseSchema>,
  writtenBefore: Date,
  limit = 500,
): Promise<OverdueReply[]> {
  const rows = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('user as u', 'u.id', 'c.user_id')
    .select(['m.id', 'm.conversation_id', 'm.body', 'c.user_id', 'c.visitor_email', 'u.email', 'u.name'])
    .where('m.agent', '=', true)
    .where('m.read_at', 'is', null)
    .where('m.reminder_mailed_at', 'is', null)
    .where('m.created_at', '<=', writtenBefore)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    messageId: row.id,
    conversationId: row.conversation_id,
    body: row.body,
    email: row.email ?? row.visitor_email,
    name: row.name,
    visitor: row.user_id === null,
  }));
}

/** Claims the replies for one mail; answers the ids this call claimed (another worker may race it). */
export async function claimReplyReminders(
  db: Kysely<DatabaseSchema>,
  messageIds: string[],
  at: Date,
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .updateTable('chat_messages')
    .set({ reminder_mailed_at: at })
    .where('id', 'in', messageIds)
    .where('reminder_mailed_at', 'is', null)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
