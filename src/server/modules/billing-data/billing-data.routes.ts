import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingData, billingDataQuery } from '../../../contracts/billing-data.ts';
import { apiErrorBody } from '../../../contracts/errors.ts';
import type { BillingDataService } from './billing-data.service.ts';

const errors = {
  400: apiErrorBody,
  401: apiErrorBody,
  402: apiErrorBody,
  403: apiErrorBody,
  404: apiErrorBody,
};

/** Spec §3 and §7: GET billing-data, the dashboard's one read. */
export const billingDataRoutes: FastifyPluginAsyncZod<{ billingData: BillingDataService }> = async (
  app,
  { billingData: service },
) => {
  app.get(
    '/api/billing-data',
    {
      schema: {
        tags: ['billing-data'],
        summary: 'Spend of a range by service or tag value, with totals, previous period and forecast',
        querystring: billingDataQuery,
        response: { 200: billingData, ...errors },
      },
    },
    async (request) => service.query(await request.requireViewer(), request.query),
  );
};
