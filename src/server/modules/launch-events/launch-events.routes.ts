import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import { integrationIdParams } from '../../../contracts/integrations.ts';
import {
  launchEventRejectionList,
  launchEventsSecret,
  launchEventsStatusList,
  launchLedger,
  launchLedgerQuery,
} from '../../../contracts/launch-events.ts';
import type { LaunchEventsService } from './launch-events.service.ts';

const tags = ['launch-events'];

/** Early warning: the live ledger, whether events arrive, and the API destination's secret. */
export const launchEventsRoutes: FastifyPluginAsyncZod<{ launchEvents: LaunchEventsService }> = async (
  app,
  { launchEvents },
) => {
  app.get(
    '/api/launch-ledger',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'What was launched or resized since the bill data: price an hour, who, and the month-end impact',
        querystring: launchLedgerQuery,
        response: { 200: launchLedger, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => launchEvents.ledger(await request.requireViewer(), request.query),
  );

  app.get(
    '/api/launch-events/status',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          "Whether each integration's launch events are arriving (queue missing, access denied, last event)",
        response: { 200: launchEventsStatusList, ...errorAnswers(401, 403) },
      },
    },
    async (request) => launchEvents.status(await request.requireViewer()),
  );

  app.get(
    '/api/integrations/:id/launch-events/rejections',
    {
      schema: {
        tags,
        summary:
          'The newest 50 messages that were not launch events (reason, region, the body cut to 2,000 characters)',
        params: integrationIdParams,
        response: { 200: launchEventRejectionList, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => launchEvents.rejections(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/integrations/:id/launch-events/secret',
    {
      schema: {
        tags,
        summary: 'Create or rotate the EventBridge API destination secret; shown once in this answer',
        params: integrationIdParams,
        response: { 201: launchEventsSecret, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await launchEvents.createSecret(await request.requireViewer(), request.params.id)),
  );

  app.delete(
    '/api/integrations/:id/launch-events/secret',
    {
      schema: {
        tags,
        summary: "Remove the API destination secret: the integration's POSTs are refused from now on",
        params: integrationIdParams,
        response: { 204: z.null().describe('Removed'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await launchEvents.deleteSecret(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
