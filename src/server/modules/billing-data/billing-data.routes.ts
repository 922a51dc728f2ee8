import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BillingData, billingData, billingDataQuery } from '../../../contracts/billing-data.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { BillingDataService } from './billing-data.service.ts';

const errors = errorAnswers(400, 401, 402, 403, 404);

/** GET billing-data, the dashboard's one read. */
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
      const { body, etag } = await service.queryJson(await request.requireViewer(), request.query);
      // The browser keeps the answer and asks again with its ETag: an unchanged view is a 304. Sent with no
      // payload at all: a serialized null would announce a 4-byte body that a 304 never carries.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined as never);
      // Already checked against the contract, serialized and encoded once when computed (decisions 017, 052).
      return reply.type('application/json; charset=utf-8').send(body as unknown as BillingData);
    },
  );
};
