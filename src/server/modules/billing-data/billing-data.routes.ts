import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BillingData, billingData, billingDataQuery } from '../../../contracts/billing-data.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { BillingDataService } from './billing-data.service.ts';

const errors = errorAnswers(400, 401, 402, 403, 404);

/** Spec §3 and §7: GET billing-data, the dashboard's one read. */
export const billingDataRoutes: FastifyPluginAsyncZod<{ billingData: BillingDataService }> = async (
  app,
  { billingData: service },
) => {
  app.get(
    '/api/billing-data',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags: ['billing-data'],
        summary: 'Spend of a range by service or tag value, with totals, previous period and forecast',
        querystring: billingDataQuery,
        response: {
          200: billingData,
          304: z.null().describe('Not modified: the ETag still holds'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { json, etag } = await service.queryJson(await request.requireViewer(), request.query);
      // The browser keeps the answer and asks again with its ETag: an unchanged view is a 304.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      // Already checked against the contract and serialized once when computed (docs/decisions/017).
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(json as unknown as BillingData);
    },
  );
};
