import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../plugins/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ChatServices } from './chat-services.ts';
import { runChatSocketSession, type SocketParty } from './chat-socket-session.ts';

const socketQuery = z.object({
  token: z.string().min(1).optional(),
  chatToken: z.string().min(1).optional(),
  inbox: z.literal('1').optional(),
});

interface ChatSocketRoutesOptions {
  services: ChatServices;
  accounts: AccountsService;
  connectRateLimitPerIp: number;
}

/**
 * The live connection: `/api/chat?token=` (a signed-in session) or `?chatToken=` (a visitor);
 * support staff add `&inbox=1` to hear every conversation. Who may connect is decided before the
 * upgrade, so a refused client gets a plain HTTP 401/403 with {Code, Message}.
 */
export const chatSocketRoutes: FastifyPluginAsyncZod<ChatSocketRoutesOptions> = async (
  app,
  { services, accounts, connectRateLimitPerIp },
) => {
  const parties = new WeakMap<FastifyRequest, SocketParty>();

  const resolveParty = async (query: z.infer<typeof socketQuery>): Promise<SocketParty> => {
    if (query.chatToken) return { kind: 'person', party: await services.chat.visitorParty(query.chatToken) };
    if (!query.token) {
      throw new ApiError(
        401,
        'Unauthorized',
        'Connect with ?token= when signed in, or ?chatToken= as a visitor.',
      );
    }
    const lookup = await accounts.lookupViewer({ authorization: `Bearer ${query.token}` });
    if (lookup.status !== 'signed-in') throw new ApiError(401, 'Unauthorized', 'Sign in to continue.');
    if (query.inbox) {
      if (!lookup.viewer.emailVerified) {
        throw new ApiError(403, 'EmailNotVerified', 'Verify your e-mail address before answering the chat.');
      }
      services.inbox.assertSupportStaff(lookup.viewer);
      return { kind: 'support', agent: lookup.viewer };
    }
    return { kind: 'person', party: services.chat.userParty(lookup.viewer) };
  };

  app.get(
    '/api/chat',
    {
      websocket: true,
      config: { rateLimit: { max: connectRateLimitPerIp, timeWindow: '1 minute' } },
      schema: { tags: ['chat'], summary: 'The live support chat (WebSocket)', querystring: socketQuery },
      preHandler: async (request) => {
        parties.set(request, await resolveParty(request.query));
      },
    },
    (socket, request) => {
      const who = parties.get(request);
      if (!who) {
        socket.close(1011, 'not authenticated');
        return;
      }
      runChatSocketSession(socket, who, { ...services, log: request.log });
    },
  );
};
