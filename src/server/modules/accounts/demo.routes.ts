import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { AccountsService } from './accounts.service.ts';
import { startDemoSession } from './demo-account.ts';

export const demoRoutes: FastifyPluginAsyncZod<{
  context: AppContext;
  accounts: AccountsService;
  billing: BillingService;
}> = async (app, { context, accounts, billing }) => {
  app.post(
    '/api/demo-session',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in to the demo account (a bearer session that ends one hour after it starts)',
        response: { 200: z.object({ token: z.string(), expiresInSeconds: z.number() }) },
      },
    },
    async () => ({
      token: await startDemoSession(context.database.db, accounts.auth, billing.grantDemoBusinessPlan),
      expiresInSeconds: 3600,
    }),
  );
};
