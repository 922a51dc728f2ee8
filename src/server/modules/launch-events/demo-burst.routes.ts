import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import { gpuBurstAnswer, gpuBurstInput } from '../../../contracts/launch-events.ts';
import type { LaunchEventsService } from './launch-events.service.ts';

/** The demo's "Launch a GPU burst" button: a documented operation of the built-in simulator only. */
export const demoBurstRoutes: FastifyPluginAsyncZod<{ launchEvents: LaunchEventsService }> = async (
  app,
  { launchEvents },
) => {
  app.post(
    '/api/demo/launch-gpu-burst',
    {
      schema: {
        tags: ['launch-events'],
        summary:
          "Simulator only: launch GPU instances (default 8 p4d.24xlarge) in the organization's simulated account; its launch events follow",
        body: gpuBurstInput,
        response: { 200: gpuBurstAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => launchEvents.launchDemoBurst(await request.requireViewer(), request.body),
  );
};
