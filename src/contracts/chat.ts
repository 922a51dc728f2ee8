import { z } from 'zod';

/** A chat message: agent is true for a support agent, false for the person. */
export const chatMessage = z.object({
  m_id: z.string(),
  timestamp: z.string(),
  comment: z.string(),
  agent: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** What a support connection receives: the message and the conversation it belongs to. */
export const supportChatMessage = chatMessage.extend({ conversation_id: z.string() });
export type SupportChatMessage = z.infer<typeof supportChatMessage>;

/** The messages response is a `comments` list. */
export const messagesAnswer = z.object({ comments: z.array(chatMessage) });

/** GET /api/messages: `user_id` for a signed-in person; a visitor sends its chat token in `x-chat-token`. */
export const messagesQuery = z.object({ user_id: z.string().min(1).optional() });

/** The cap is enforced by the service so the answer says how long the message was. */
export const postMessageInput = z.object({ message: z.string(), user_id: z.string().min(1).optional() });

/** PATCH /api/messages: marks the support replies read, up to `m_id` when given. */
export const markMessagesReadInput = z.object({
  user_id: z.string().min(1).optional(),
  // A message id is a bigint: at most 18 digits is always within its range.
  m_id: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a message id')
    .optional(),
});
export const markMessagesReadAnswer = z.object({ read: z.number().int() });

/** GET /api/chat-token: a visitor's token, valid 24 hours. */
export const chatTokenAnswer = z.object({ token: z.string(), expiresAt: z.string() });

export const CHAT_TOKEN_HEADER = 'x-chat-token';

/** Frames a client sends on /api/chat: a message, or a visitor's token on connect. */
export const clientChatFrame = z.union([
  z.object({ message: z.string(), conversationId: z.uuid('must be a conversation id').optional() }).strict(),
  z.object({ chatToken: z.string() }).strict(),
]);
export type ClientChatFrame = z.infer<typeof clientChatFrame>;

/** A refusal sent over the socket. Message frames are arrays; an error frame is this object. */
export const chatErrorFrame = z.object({
  error: z.object({ code: z.string(), message: z.string(), retryAfterSeconds: z.number().optional() }),
});
export type ChatErrorFrame = z.infer<typeof chatErrorFrame>;

/** A support connection also hears that a conversation changed (read, resolved) to refresh its list. */
export const conversationChangedFrame = z.object({ conversationChanged: z.string() });

export const serverChatFrame = z.union([
  z.array(supportChatMessage.partial({ conversation_id: true })),
  chatErrorFrame,
  conversationChangedFrame,
]);

/** One line of the support inbox. */
export const supportConversation = z.object({
  id: z.string(),
  person: z.union([
    z.object({ kind: z.literal('visitor'), email: z.string().nullable() }),
    z.object({ kind: z.literal('user'), userId: z.string(), name: z.string(), email: z.string() }),
  ]),
  unread: z.number().int(),
  resolved: z.boolean(),
  lastMessage: chatMessage.nullable(),
  updatedAt: z.string(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const supportConversationsQuery = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('all'),
});
export const supportConversationsAnswer = z.object({ conversations: z.array(supportConversation) });

export const conversationParams = z.object({ conversationId: z.uuid() });
export const supportReplyInput = z.object({ message: z.string() });
export const updateConversationInput = z
  .object({ resolved: z.boolean().optional(), read: z.literal(true).optional() })
  .refine((patch) => Object.keys(patch).length > 0, 'send resolved or read');
