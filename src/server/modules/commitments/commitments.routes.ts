import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commitmentsQuery, commitmentsView } from '../../../contracts/commitments.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { CommitmentsService } from './commitments.service.ts';

const tags = ['commitments'];

/** Savings Plans and reservations read from the bill (decision 098) and the AWS APIs (decision 122): inventory, utilization, coverage. */
export const commitmentsRoutes: FastifyPluginAsyncZod<{ commitments: CommitmentsService }> = async (
  app,
  { commitments },
) => {
  app.get(
    '/api/commitments',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'Savings Plans and Reserved Instances from the bill and the AWS APIs (each row names its source; queued purchases included): type, term, end, utilization, unused $, savings; coverage of eligible usage; utilization over time',
        querystring: commitmentsQuery,
        response: { 200: commitmentsView, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => commitments.view(await request.requireViewer(), request.query),
  );
};
