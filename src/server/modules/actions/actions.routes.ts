import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionIdParams,
  actionLinkParams,
  actionLog,
  actionLogQuery,
  proposeActionInput,
  resourceAction,
} from '../../../contracts/actions.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { ActionsService } from './actions.service.ts';

const tags = ['actions'];
const errors = errorAnswers(400, 401, 403, 404, 409, 410, 429);

/** Acting on AWS resources through the opt-in action role: propose (dry run), confirm, undo, the log. */
export const actionsRoutes: FastifyPluginAsyncZod<{ actions: ActionsService }> = async (app, { actions }) => {
  app.post(
    '/api/actions',
    {
      config: { tokenScope: 'actions:write' },
      schema: {
        tags,
        summary:
          "Propose stopping instances: EC2's dry run with the action role says what will change; nothing changes yet",
        body: proposeActionInput,
        response: { 201: resourceAction, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.propose(await request.requireViewer(), request.body)),
  );

  app.get(
    '/api/actions/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'One action: its dry run, its decision and what it did to each resource',
        params: actionIdParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.get(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/actions/:id/confirm',
    {
      config: { tokenScope: 'actions:write' },
      schema: {
        tags,
        summary: 'Confirm a proposal: it runs once, one call per resource, each outcome logged',
        params: actionIdParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.confirm(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/actions/:id/undo',
    {
      config: { tokenScope: 'actions:write' },
      schema: {
        tags,
        summary: 'Undo a stop: start what it stopped (its own dry run first); answers the new action',
        params: actionIdParams,
        response: { 201: resourceAction, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.undo(await request.requireViewer(), request.params.id)),
  );

  app.post(
    '/api/actions/:id/keep',
    {
      config: { tokenScope: 'actions:write' },
      schema: {
        tags,
        summary:
          "Keep the resources as they are: the proposal ends, and its alert rule's automatic policy does not act",
        params: actionIdParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.keep(await request.requireViewer(), request.params.id),
  );

  app.get(
    '/api/action-log',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'Every resource acted on: who approved it, how, when, the state before and after, and AWS’s answer',
        querystring: actionLogQuery,
        response: { 200: actionLog, ...errors },
      },
    },
    async (request) => actions.log(await request.requireViewer(), request.query),
  );

  // The mail's confirmation page: a person signed in; a GET shows, only the POST acts.
  app.get(
    '/api/action-links/:token',
    {
      schema: {
        tags,
        summary: 'What a confirmation link would do (it never acts on GET)',
        params: actionLinkParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.openLink(await request.requireViewer(), request.params.token),
  );

  app.post(
    '/api/action-links/:token/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm through the mail’s link: single use, 24 hours, bound to its resources and action',
        params: actionLinkParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.confirmLink(await request.requireViewer(), request.params.token),
  );

  app.post(
    '/api/action-links/:token/keep',
    {
      schema: {
        tags,
        summary: 'Keep the resources as they are through the mail’s link: the proposal ends, no policy acts',
        params: actionLinkParams,
        response: { 200: resourceAction, ...errors },
      },
    },
    async (request) => actions.keepLink(await request.requireViewer(), request.params.token),
  );
};
