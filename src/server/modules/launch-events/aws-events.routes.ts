import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import { awsEventsAnswer } from '../../../contracts/launch-events.ts';
import { EVENTS_SECRET_HEADER, type LaunchEventsService } from './launch-events.service.ts';

/**
 * POST /api/aws-events/{integration_id}: the optional EventBridge API destination (decision 046). No
 * session: like Stripe's webhook, the caller is AWS, authenticated by the integration's secret header.
 */
export const awsEventsRoutes: FastifyPluginAsyncZod<{ launchEvents: LaunchEventsService }> = async (
  app,
  { launchEvents },
) => {
  app.post(
    '/api/aws-events/:integration_id',
    {
      schema: {
        tags: ['launch-events'],
        summary: `EventBridge envelopes (one or an array) from an API destination; header ${EVENTS_SECRET_HEADER}`,
        params: z.object({ integration_id: z.uuid('must be an integration id') }),
        body: z.unknown().describe('One EventBridge event envelope, or an array of them'),
        response: { 202: awsEventsAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const secret = request.headers[EVENTS_SECRET_HEADER];
      const answer = await launchEvents.receiveFromApiDestination(
        request.params.integration_id,
        typeof secret === 'string' ? secret : undefined,
        request.body,
      );
      return reply.code(202).send(answer);
    },
  );
};
