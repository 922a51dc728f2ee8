import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChatMessage } from '../../../contracts/chat.ts';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../domain/account-rules.ts';
import { CHAT_TOKEN_MAX_AGE_MS, CHAT_TOKEN_RENEWAL_WINDOW_MS } from '../../../domain/chat-rules.ts';
import { FixedWindowLimiter } from '../../auth/fixed-window-limiter.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError } from '../../plugins/errors.ts';
import {
  ensureConversation,
  findConversationOf,
  insertMessage,
  listMessages,
  markMessagesRead,
  setVisitorEmail,
} from './chat.repository.ts';
import type { ChatFanout } from './chat-fanout.ts';
import { assertSendable, rateLimited } from './chat-message-checks.ts';
import { type ChatParty, ownerKey, ownerOf } from './chat-party.ts';
import { type ChatTokenSigner, hashChatToken } from './chat-token-signer.ts';
import { createConversationCache } from './conversation-cache.ts';
import {
  deleteVisitorToken,
  deleteVisitorTokensExpiredBefore,
  findVisitorToken,
  insertVisitorToken,
} from './visitor-tokens.repository.ts';

/** Per person or visitor, across all their connections and tabs (per server process). */
const MESSAGES_PER_MINUTE = 30;

interface ChatServiceDependencies {
  db: Kysely<DatabaseSchema>;
  fanout: ChatFanout;
  signer: ChatTokenSigner;
  now: () => Date;
}

/** The person's side of the support chat: visitor tokens, their conversation, sending and reading. */
export function createChatService({ db, fanout, signer, now }: ChatServiceDependencies) {
  const perConversation = new FixedWindowLimiter(MESSAGES_PER_MINUTE, 60_000);
  const conversations = createConversationCache();

  /** GET chat-token. A visitor renewing a recent token keeps its conversation. */
  async function issueVisitorToken(previousToken?: string): Promise<{ token: string; expiresAt: Date }> {
    const at = now().getTime();
    let visitorId: string = randomUUID();
    if (previousToken && signer.isAuthentic(previousToken)) {
      const previousHash = hashChatToken(previousToken);
      const previous = await findVisitorToken(db, previousHash);
      if (previous && previous.expiresAt.getTime() > at - CHAT_TOKEN_RENEWAL_WINDOW_MS) {
        visitorId = previous.visitorId;
        await deleteVisitorToken(db, previousHash);
      }
    }
    await deleteVisitorTokensExpiredBefore(db, new Date(at - CHAT_TOKEN_RENEWAL_WINDOW_MS));
    const token = signer.create();
    const expiresAt = new Date(at + CHAT_TOKEN_MAX_AGE_MS);
    await insertVisitorToken(db, { tokenHash: hashChatToken(token), visitorId, expiresAt });
    return { token, expiresAt };
  }

  async function visitorParty(token: string): Promise<ChatParty> {
    if (!signer.isAuthentic(token))
      throw new ApiError(401, 'InvalidChatToken', 'This chat token is not valid.');
    const tokenHash = hashChatToken(token);
    const found = await findVisitorToken(db, tokenHash);
    if (!found) throw new ApiError(401, 'InvalidChatToken', 'This chat token is not valid.');
    if (found.expiresAt.getTime() <= now().getTime()) {
      throw new ApiError(401, 'ChatTokenExpired', 'This chat token has expired: ask for a new one.');
    }
    return { kind: 'visitor', visitorId: found.visitorId, tokenHash, expiresAt: found.expiresAt };
  }

  /** The demo account is shared by strangers, so its sessions chat as visitors (docs/decisions). */
  function userParty(viewer: Viewer): ChatParty {
    if (viewer.isDemo) {
      throw new ApiError(403, 'DemoChatsAsVisitor', 'The demo account is shared: chat as a visitor instead.');
    }
    return { kind: 'user', userId: viewer.userId };
  }

  async function history(party: ChatParty): Promise<ChatMessage[]> {
    const conversation = await findConversationOf(db, ownerOf(party));
    return conversation ? listMessages(db, conversation.id) : [];
  }

  /** A visitor's first message is its e-mail address; nothing is sent before it. */
  async function send(party: ChatParty, text: string): Promise<ChatMessage> {
    assertSendable(text);
    const owner = ownerOf(party);
    const key = ownerKey(owner);
    const existing = conversations.get(key) ?? (await findConversationOf(db, owner));
    const needsEmail = party.kind === 'visitor' && !existing?.visitorEmail;
    if (needsEmail && !isValidEmail(text.trim())) {
      throw new ApiError(400, 'EmailRequired', `Give your e-mail address first. ${INVALID_EMAIL_MESSAGE}`);
    }
    const limit = perConversation.hit(key);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
    const conversation = existing ?? (await ensureConversation(db, owner));
    if (needsEmail) await setVisitorEmail(db, conversation.id, text.trim().toLowerCase());
    const message = await insertMessage(db, {
      conversationId: conversation.id,
      body: text,
      agentUserId: null,
    });
    await fanout.publish({ kind: 'message', conversationId: conversation.id, ownerKey: key, message });
    return message;
  }

  /** The person has seen the support replies (all, or up to one message). */
  async function markRead(party: ChatParty, upToId?: string): Promise<number> {
    const conversation = await findConversationOf(db, ownerOf(party));
    if (!conversation) return 0;
    return markMessagesRead(db, { conversationId: conversation.id, writtenByAgent: true, upToId, at: now() });
  }

  return { issueVisitorToken, visitorParty, userParty, history, send, markRead };
}

export type ChatService = ReturnType<typeof createChatService>;
