import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contracts/health.ts';
import type { AppContext } from '../../context.ts';
import { createHealthCheck } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const checkHealth = createHealthCheck(context);
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the server, its database and its job queue working?',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth();
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
