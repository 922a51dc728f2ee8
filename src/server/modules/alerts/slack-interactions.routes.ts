import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { SlackInteractions } from './slack-interactions.ts';

/** Slack's interaction payloads are small; anything larger is refused before it is read further. */
const INTERACTION_BODY_LIMIT = 64 * 1024;

const headerOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * POST /api/slack/interactions: Slack's Request URL for interactivity (decision 132). The signature
 * covers the exact bytes Slack sent, so this plugin keeps the form body raw (bounded), and no session is
 * needed: the signature is the proof. Slack expects a 200 within 3 seconds; the answer follows through
 * the payload's response_url.
 */
export const slackInteractionsRoutes: FastifyPluginAsyncZod<{ interactions: SlackInteractions }> = async (
  app,
  { interactions },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: INTERACTION_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onClose', async () => interactions.settled());
  app.post(
    '/api/slack/interactions',
    {
      bodyLimit: INTERACTION_BODY_LIMIT,
      schema: {
        tags: ['slack'],
        summary:
          "Slack's signed interactions: the launch alert's Stop, Confirm, Keep running and Undo buttons",
        response: { 200: z.string(), ...errorAnswers(400, 401, 413, 503) },
      },
    },
    async (request, reply) => {
      interactions.receive(typeof request.body === 'string' ? request.body : '', {
        signature: headerOf(request.headers['x-slack-signature']),
        timestamp: headerOf(request.headers['x-slack-request-timestamp']),
      });
      return reply.code(200).type('text/plain').send('');
    },
  );
};
