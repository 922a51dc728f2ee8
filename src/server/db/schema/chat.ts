import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface ChatVisitorTokensTable {
  token_hash: string;
  visitor_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ChatConversationsTable {
  id: Generated<string>;
  user_id: string | null;
  visitor_id: string | null;
  visitor_email: string | null;
  resolved_at: Timestamp | null;
  created_at: Timestamp;
  last_message_at: Timestamp;
}

export interface ChatMessagesTable {
  /** bigint: comes back as a string. */
  id: ColumnType<string, never, never>;
  conversation_id: string;
  body: string;
  agent: boolean;
  agent_user_id: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  reminder_mailed_at: Timestamp | null;
}

/** The tables the chat module owns (db/schema/ownership.ts). The live support chat. */
export interface ChatTables {
  chat_visitor_tokens: ChatVisitorTokensTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
}
