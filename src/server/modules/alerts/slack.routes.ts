import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oauthStart,
  saveSlackConnectionInput,
  slackConnectionView,
  slackTestResult,
} from '../../../contracts/alerts.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { SlackService } from './slack.service.ts';

const errors = errorAnswers(400, 401, 402, 403, 404, 502, 503);
const tags = ['slack'];

/** Slack for alerts: an incoming webhook, or a Slack app through OAuth; a test message. */
export const slackRoutes: FastifyPluginAsyncZod<{ slack: SlackService }> = async (app, { slack }) => {
  app.get(
    '/api/slack',
    {
      schema: {
        tags,
        summary: 'Whether Slack is connected, the channel and which alert kinds go there',
        response: { 200: slackConnectionView, ...errors },
      },
    },
    async (request) => slack.view(await request.requireViewer()),
  );
  app.put(
    '/api/slack',
    {
      schema: {
        tags,
        summary: 'Connect an incoming webhook, or change the channel and alert kinds (owners and admins)',
        body: saveSlackConnectionInput,
        response: { 200: slackConnectionView, ...errors },
      },
    },
    async (request) => slack.save(await request.requireViewer(), request.body),
  );
  app.delete(
    '/api/slack',
    { schema: { tags, summary: 'Disconnect Slack', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await slack.disconnect(await request.requireViewer());
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/slack/test',
    {
      schema: {
        tags,
        summary: 'Send a test message to the connected channel',
        response: { 200: slackTestResult, ...errors },
      },
    },
    async (request) => ({ message: await slack.sendTest(await request.requireViewer()) }),
  );
  app.get(
    '/api/slack/oauth/start',
    {
      schema: {
        tags,
        summary: 'Where to send the person to add the Slack app',
        response: { 200: oauthStart, ...errors },
      },
    },
    async (request) => ({ url: slack.oauthStart(await request.requireViewer()) }),
  );
  app.get(
    '/api/slack/oauth/callback',
    {
      schema: {
        tags,
        summary: 'Slack sends the person back here after adding the app',
        querystring: z.object({
          code: z.string().min(1).optional(),
          state: z.string().default(''),
          error: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      if (request.query.error || !request.query.code) return reply.redirect('/slack-setup?slack=cancelled');
      await slack.oauthCallback(request.query.code, request.query.state, await request.optionalViewer());
      return reply.redirect('/slack-setup?slack=connected');
    },
  );
};
