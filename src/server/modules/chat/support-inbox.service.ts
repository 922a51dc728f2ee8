import type { Kysely } from 'kysely';
import type { ChatMessage, SupportConversation } from '../../../contracts/chat.ts';
import { isSupportStaff } from '../../../domain/support-staff.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { findConversationById, insertMessage, listMessages, markMessagesRead } from './chat.repository.ts';
import type { ChatFanout } from './chat-fanout.ts';
import { assertSendable } from './chat-message-checks.ts';
import { ownerKey } from './chat-party.ts';
import {
  type ConversationStatus,
  listConversations,
  setConversationResolved,
} from './support-inbox.repository.ts';

interface SupportInboxDependencies {
  db: Kysely<DatabaseSchema>;
  fanout: ChatFanout;
  now: () => Date;
}

/** The support staff's side: every conversation, replies as the agent, read and resolved states. */
export function createSupportInboxService({ db, fanout, now }: SupportInboxDependencies) {
  const conversationOrNotFound = async (conversationId: string) => {
    const conversation = await findConversationById(db, conversationId);
    if (!conversation) throw notFound('Conversation');
    return conversation;
  };
  const announceChange = (conversationId: string) =>
    fanout.publish({ kind: 'conversation-changed', conversationId });

  return {
    assertSupportStaff(viewer: Viewer): void {
      if (!isSupportStaff(viewer.platformRole))
        throw forbidden('Only Spendguard support staff can open the inbox.');
    },

    conversations: (status: ConversationStatus): Promise<SupportConversation[]> =>
      listConversations(db, status),

    async messages(conversationId: string): Promise<ChatMessage[]> {
      await conversationOrNotFound(conversationId);
      return listMessages(db, conversationId);
    },

    /** Stored with agent: true and delivered live to the person and to every support connection. */
    async reply(agent: Viewer, conversationId: string, text: string): Promise<ChatMessage> {
      assertSendable(text);
      const conversation = await conversationOrNotFound(conversationId);
      const owner = conversation.userId
        ? { userId: conversation.userId }
        : { visitorId: conversation.visitorId ?? '' };
      const message = await insertMessage(db, { conversationId, body: text, agentUserId: agent.userId });
      await fanout.publish({ kind: 'message', conversationId, ownerKey: ownerKey(owner), message });
      return message;
    },

    async update(conversationId: string, patch: { resolved?: boolean; read?: true }): Promise<void> {
      await conversationOrNotFound(conversationId);
      if (patch.read) await markMessagesRead(db, { conversationId, writtenByAgent: false, at: now() });
      if (patch.resolved !== undefined)
        await setConversationResolved(db, conversationId, patch.resolved ? now() : null);
      await announceChange(conversationId);
    },
  };
}

export type SupportInboxService = ReturnType<typeof createSupportInboxService>;
