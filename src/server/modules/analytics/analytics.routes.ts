import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventInput, clientErrorInput, pageViewInput } from '../../../contracts/analytics.ts';
import type { AppContext } from '../../context.ts';
import { createAnalyticsEventSink, createPageViewSink } from './page-view-sink.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const sink = createPageViewSink(context);
  const events = createAnalyticsEventSink(context);
  app.post(
    '/api/analytics/page-views',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view (sent by the web app on each route change)',
        body: pageViewInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { path, query, referrer } = request.body;
      const viewer = await request.optionalViewer();
      await sink.record({ path, query, referrer, userId: viewer?.userId, occurredAt: context.clock.now() });
      return reply.code(202).send({ recorded: true });
    },
  );

  app.post(
    '/api/analytics/client-errors',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Report a failure the browser saw, such as a chunk that could not be loaded',
        body: clientErrorInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'the browser reported an error');
      return reply.code(202).send({ recorded: true });
    },
  );

  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a product event, such as a step of the scheduling widget',
        body: analyticsEventInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalViewer();
      await events.record({ ...request.body, userId: viewer?.userId, occurredAt: context.clock.now() });
      return reply.code(202).send({ recorded: true });
    },
  );
};
