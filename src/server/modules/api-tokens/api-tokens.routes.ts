import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenEventList,
  apiTokenIdParams,
  apiTokenList,
  apiTokenView,
  createApiTokenInput,
  createdApiToken,
} from '../../../contracts/api-tokens.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['api tokens'];

/** Managing API tokens is for people signed in: these routes declare no token scope, so tokens are refused. */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (
  app,
  { apiTokens },
) => {
  app.get(
    '/api/api-tokens',
    {
      schema: {
        tags,
        summary: "The organization's API tokens with their scopes, expiry and last use (owners and admins)",
        response: { 200: apiTokenList, ...errors },
      },
    },
    async (request) => ({ api_tokens: await apiTokens.list(await request.requireViewer()) }),
  );

  app.post(
    '/api/api-tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token; the answer holds its secret, shown this once (owners and admins)',
        body: createApiTokenInput,
        response: { 201: createdApiToken, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await apiTokens.create(await request.requireViewer(), request.body)),
  );

  app.delete(
    '/api/api-tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API token: from now on it answers 401 (owners and admins)',
        params: apiTokenIdParams,
        response: { 200: apiTokenView, ...errors },
      },
    },
    async (request) => apiTokens.revoke(await request.requireViewer(), request.params.id),
  );

  app.get(
    '/api/api-tokens/events',
    {
      schema: {
        tags,
        summary: 'The API token audit log: created, revoked and refused, newest first (owners)',
        response: { 200: apiTokenEventList, ...errors },
      },
    },
    async (request) => ({ events: await apiTokens.auditLog(await request.requireViewer()) }),
  );
};
