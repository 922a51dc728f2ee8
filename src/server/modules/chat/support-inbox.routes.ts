import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessage,
  conversationParams,
  messagesAnswer,
  supportConversationsAnswer,
  supportConversationsQuery,
  supportReplyInput,
  updateConversationInput,
} from '../../../contracts/chat.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { SupportInboxService } from './support-inbox.service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['support'];

/** The support inbox: only people with the support role (403 for everyone else). */
export const supportInboxRoutes: FastifyPluginAsyncZod<{ inbox: SupportInboxService }> = async (
  app,
  { inbox },
) => {
  const requireAgent = async (request: FastifyRequest) => {
    const viewer = await request.requireViewer();
    inbox.assertSupportStaff(viewer);
    return viewer;
  };

  app.get(
    '/api/support/conversations',
    {
      schema: {
        tags,
        summary: 'Every conversation: open first, with unread counts and the last message',
        querystring: supportConversationsQuery,
        response: { 200: supportConversationsAnswer, ...errors },
      },
    },
    async (request) => {
      await requireAgent(request);
      return { conversations: await inbox.conversations(request.query.status) };
    },
  );

  app.get(
    '/api/support/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'The messages of one conversation',
        params: conversationParams,
        response: { 200: messagesAnswer, ...errors },
      },
    },
    async (request) => {
      await requireAgent(request);
      return { comments: await inbox.messages(request.params.conversationId) };
    },
  );

  app.post(
    '/api/support/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'Reply as support (also possible over the socket)',
        params: conversationParams,
        body: supportReplyInput,
        response: { 201: chatMessage, ...errors },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request);
      const message = await inbox.reply(agent, request.params.conversationId, request.body.message);
      return reply.code(201).send(message);
    },
  );

  app.patch(
    '/api/support/conversations/:conversationId',
    {
      schema: {
        tags,
        summary: "Mark a conversation resolved (or open again), or its person's messages read",
        params: conversationParams,
        body: updateConversationInput,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await requireAgent(request);
      await inbox.update(request.params.conversationId, request.body);
      return reply.code(204).send(null);
    },
  );
};
