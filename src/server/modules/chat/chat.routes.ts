import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_TOKEN_HEADER,
  chatMessage,
  chatTokenAnswer,
  markMessagesReadAnswer,
  markMessagesReadInput,
  messagesAnswer,
  messagesQuery,
  postMessageInput,
} from '../../../contracts/chat.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { notFound } from '../../plugins/errors.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatParty } from './chat-party.ts';

const errors = errorAnswers(400, 401, 403, 404, 429);
const tags = ['chat'];
// Loose: a validated headers object replaces request.headers, and the bearer token must survive.
const visitorHeaders = z.looseObject({ [CHAT_TOKEN_HEADER]: z.string().optional() });

interface ChatRoutesOptions {
  chat: ChatService;
  connectRateLimitPerIp: number;
  /** A signed-in person's messages answer "Subscription Expired" when their plan lapsed. */
  assertSubscriptionActive: (viewer: Viewer) => Promise<void>;
}

/**
 * GET/PATCH messages and GET chat-token. A visitor names itself with its chat token in the `x-chat-token`
 * header; a signed-in person with the bearer token (and `user_id`, which must be their own).
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { chat, connectRateLimitPerIp, assertSubscriptionActive },
) => {
  const partyOf = async (request: FastifyRequest, userId: string | undefined): Promise<ChatParty> => {
    const chatToken = request.headers[CHAT_TOKEN_HEADER];
    if (typeof chatToken === 'string' && chatToken !== '') return chat.visitorParty(chatToken);
    const viewer = await request.requireViewer({ verified: false });
    if (userId !== undefined && userId !== viewer.userId) throw notFound('Conversation');
    await assertSubscriptionActive(viewer);
    return chat.userParty(viewer);
  };

  app.get(
    '/api/chat-token',
    {
      config: { rateLimit: { max: connectRateLimitPerIp, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'A visitor chat token, valid 24 hours (send the previous one in x-chat-token to keep the conversation)',
        headers: visitorHeaders,
        response: { 200: chatTokenAnswer, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const issued = await chat.issueVisitorToken(request.headers[CHAT_TOKEN_HEADER]);
      reply.header('cache-control', 'no-store');
      return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/messages',
    {
      schema: {
        tags,
        summary: 'Your conversation with support (answers `comments`)',
        headers: visitorHeaders,
        querystring: messagesQuery,
        response: { 200: messagesAnswer, ...errors },
      },
    },
    async (request) => ({ comments: await chat.history(await partyOf(request, request.query.user_id)) }),
  );

  app.post(
    '/api/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to support (a visitor sends its e-mail address first)',
        headers: visitorHeaders,
        body: postMessageInput,
        response: { 201: chatMessage, ...errors },
      },
    },
    async (request, reply) => {
      const message = await chat.send(await partyOf(request, request.body.user_id), request.body.message);
      return reply.code(201).send(message);
    },
  );

  app.patch(
    '/api/messages',
    {
      schema: {
        tags,
        summary: "Mark support's replies as read (all, or up to m_id)",
        headers: visitorHeaders,
        body: markMessagesReadInput,
        response: { 200: markMessagesReadAnswer, ...errors },
      },
    },
    async (request) => ({
      read: await chat.markRead(await partyOf(request, request.body.user_id), request.body.m_id),
    }),
  );
};
