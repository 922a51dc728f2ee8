import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookAnswer } from '../../../contracts/billing.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { BillingService } from './billing.service.ts';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin keeps
 * JSON bodies raw; the parser is scoped to this plugin and no other route sees it.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe events (signed): checkout, subscription changes, paid and failed invoices',
        response: { 200: webhookAnswer, ...errorAnswers(400, 503) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await billing.receiveStripeWebhook(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : '',
      );
      return { received: true as const, outcome };
    },
  );
};
