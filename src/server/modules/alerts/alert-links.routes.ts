import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertLinkParams, alertLinkResult } from '../../../contracts/alerts.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { AlertLinksService } from './alert-links.service.ts';

/**
 * POST /api/alert-links/{kind}/{token}: the page of each token route calls it, and mail
 * clients POST `List-Unsubscribe=One-Click` (a form body) to the unsubscribe one (RFC 8058). No session
 * is needed: the signed token is the proof.
 */
export const alertLinksRoutes: FastifyPluginAsyncZod<{ links: AlertLinksService }> = async (
  app,
  { links },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/alert-links/:kind/:token',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Acknowledge an alert, confirm a recipient address, or unsubscribe in one click',
        params: alertLinkParams,
        response: { 200: alertLinkResult, ...errorAnswers(400, 410) },
      },
    },
    async (request) => ({ message: await links.follow(request.params.kind, request.params.token) }),
  );
};
