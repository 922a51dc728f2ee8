import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutInput,
  invoiceList,
  redirectAnswer,
  subscriptionSummary,
} from '../../../contracts/billing.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { BillingService } from './billing.service.ts';

const errors = errorAnswers(400, 401, 403, 409, 502);
const tags = ['billing'];

/** The Subscription screen. Anyone in the organization reads the plan; only the owner changes it. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const summaryResponse = { response: { 200: subscriptionSummary, ...errors } };

  app.get(
    '/api/billing/subscription',
    { schema: { tags, summary: "The organization's plan, its state, limits and usage", ...summaryResponse } },
    async (request) => billing.summary(await request.requireViewer()),
  );

  app.post(
    '/api/billing/trial',
    {
      schema: {
        tags,
        summary: 'Start the 14-day Business trial (once per organization)',
        ...summaryResponse,
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      await billing.startTrial(viewer);
      return billing.summary(viewer);
    },
  );

  app.post(
    '/api/billing/checkout',
    {
      schema: {
        tags,
        summary: 'Open Stripe Checkout for a Business plan',
        body: checkoutInput,
        response: { 200: redirectAnswer, ...errors },
      },
    },
    async (request) => ({
      url: await billing.startCheckout(await request.requireViewer(), request.body.plan),
    }),
  );

  app.post(
    '/api/billing/portal',
    {
      schema: {
        tags,
        summary: "Open Stripe's customer portal (card, invoices)",
        response: { 200: redirectAnswer, ...errors },
      },
    },
    async (request) => ({ url: await billing.openPortal(await request.requireViewer()) }),
  );

  app.get(
    '/api/billing/invoices',
    {
      schema: {
        tags,
        summary: "The organization's invoices, from Stripe",
        response: { 200: invoiceList, ...errors },
      },
    },
    async (request) => billing.listInvoices(await request.requireViewer()),
  );

  const actions = [
    ['cancel', 'Stop renewing: Business runs to the end of the paid period', billing.cancelAtPeriodEnd],
    ['resume', 'Renew again after a cancellation, before the period ends', billing.resume],
    ['downgrade', 'Continue on Free from now on', billing.downgradeToFree],
  ] as const;
  for (const [action, summary, perform] of actions) {
    app.post(`/api/billing/${action}`, { schema: { tags, summary, ...summaryResponse } }, async (request) => {
      const viewer = await request.requireViewer();
      await perform(viewer);
      return billing.summary(viewer);
    });
  }
};
