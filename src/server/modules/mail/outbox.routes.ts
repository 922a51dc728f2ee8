import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { createOutboxService } from './outbox.service.ts';

export const outboxRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const outbox = createOutboxService(context);
  if (!context.config.smtpUrl)
    context.log.info(`No SMTP_URL: mail is kept in the outbox at ${outbox.address}`);
  app.get(
    '/api/outbox',
    {
      schema: {
        tags: ['operator'],
        summary: 'The mail kept on a server without SMTP (operator key required)',
        querystring: z.object({ key: z.string().min(1), to: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const page = await outbox.renderFor(request.query.key, request.query.to);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );
};
