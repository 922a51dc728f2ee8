import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsOverview, redeemCreditInput } from '../../../contracts/credits.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { CreditsService } from './credits.service.ts';

const errors = errorAnswers(400, 401, 403);
const tags = ['credits'];

/** The Credits screen, for the organization's owner. */
export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.get(
    '/api/credits',
    {
      schema: { tags, summary: 'Credit balance and history', response: { 200: creditsOverview, ...errors } },
    },
    async (request) => credits.overview(await request.requireViewer()),
  );

  app.post(
    '/api/credits/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a credit code for the organization',
        body: redeemCreditInput,
        response: { 200: creditsOverview, ...errors },
      },
    },
    async (request) => credits.redeem(await request.requireViewer(), request.body.code),
  );
};
