import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  natLeakAnswer,
  natLeakInput,
  usageMeterQuery,
  usageMeterView,
} from '../../../contracts/usage-meter.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

const tags = ['usage-meter'];

/** The live meter of usage-driven spend (docs/decisions/091): its rows and how each integration's meter reads. */
export const usageMeterRoutes: FastifyPluginAsyncZod<{ usageMeter: UsageMeterService }> = async (
  app,
  { usageMeter },
) => {
  app.get(
    '/api/usage-meter',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'Metered usage (NAT gateway GB processed): the last hour and today, $ an hour and $ a day, and each meter’s state',
        querystring: usageMeterQuery,
        response: { 200: usageMeterView, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => usageMeter.view(await request.requireViewer(), request.query),
  );

  app.post(
    '/api/demo/nat-egress-leak',
    {
      schema: {
        tags,
        summary:
          "Simulator only: a NAT gateway of the organization's simulated account starts processing gb_per_hour more (default 182); the meter sees it at its next read",
        body: natLeakInput,
        response: { 200: natLeakAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usageMeter.startDemoNatLeak(await request.requireViewer(), request.body),
  );
};
