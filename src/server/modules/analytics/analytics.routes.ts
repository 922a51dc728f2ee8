import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_LINK_KINDS } from '../../../contracts/alerts.ts';
import { analyticsEventInput, clientErrorInput, pageViewInput } from '../../../contracts/analytics.ts';
import { redactPageSecrets } from '../../../domain/url-redaction.ts';
import type { AppContext } from '../../context.ts';
import { createAnalyticsEventSink, createPageViewSink } from './page-view-sink.ts';

/** The web app's pages whose path carries a credential: a mailed action or alert link. */
const SECRET_PAGES = ['/actions/confirm/:token', ...ALERT_LINK_KINDS.map((kind) => `/${kind}/:token`)];

/**
 * The page a view came from, a full URL when the browser sends one (an app's `android-app://…` too), with
 * its secrets redacted and without its user name, password or fragment.
 */
function redactReferrer(referrer: string): string {
  const url = URL.canParse(referrer) ? new URL(referrer) : undefined;
  if (!url) return redactPageSecrets({ path: referrer, query: '' }, SECRET_PAGES).path;
  const page = redactPageSecrets({ path: url.pathname, query: url.search }, SECRET_PAGES);
  url.pathname = page.path;
  url.search = page.query;
  url.username = '';
  url.password = '';
  url.hash = '';
  return url.href;
}

export const analyticsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const sink = createPageViewSink(context);
  const events = createAnalyticsEventSink(context);
  app.post(
    '/api/analytics/page-views',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view (sent by the web app on each route change)',
        body: pageViewInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { path, query } = redactPageSecrets(request.body, SECRET_PAGES);
      const referrer = request.body.referrer && redactReferrer(request.body.referrer);
      const viewer = await request.optionalViewer();
      await sink.record({ path, query, referrer, userId: viewer?.userId, occurredAt: context.clock.now() });
      return reply.code(202).send({ recorded: true });
    },
  );

  app.post(
    '/api/analytics/client-errors',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Report a failure the browser saw, such as a chunk that could not be loaded',
        body: clientErrorInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { path } = redactPageSecrets({ path: request.body.path, query: '' }, SECRET_PAGES);
      request.log.warn({ clientError: { ...request.body, path } }, 'the browser reported an error');
      return reply.code(202).send({ recorded: true });
    },
  );

  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a product event, such as a step of the scheduling widget',
        body: analyticsEventInput,
        response: { 202: z.object({ recorded: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalViewer();
      await events.record({ ...request.body, userId: viewer?.userId, occurredAt: context.clock.now() });
      return reply.code(202).send({ recorded: true });
    },
  );
};
