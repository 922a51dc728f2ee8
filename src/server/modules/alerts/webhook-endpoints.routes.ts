import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  createdWebhookEndpoint,
  createWebhookEndpointInput,
  rotatedWebhookSecret,
  updateWebhookEndpointInput,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookDeliveryQueued,
  webhookEndpointList,
  webhookEndpointParams,
  webhookEndpointView,
} from '../../../contracts/webhooks.ts';
import type { WebhookEndpointsService } from './webhook-endpoints.service.ts';

const errors = errorAnswers(400, 401, 402, 403, 404, 409, 503);
const tags = ['webhooks'];

/** Signed webhooks and Microsoft Teams endpoints of the organization (docs/webhooks.md). */
export const webhookEndpointsRoutes: FastifyPluginAsyncZod<{ endpoints: WebhookEndpointsService }> = async (
  app,
  { endpoints },
) => {
  app.get(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: "The organization's webhook and Teams endpoints",
        response: { 200: webhookEndpointList, ...errors },
      },
    },
    async (request) => ({ endpoints: await endpoints.list(await request.requireViewer()) }),
  );
  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Add an endpoint (owners and admins); a webhook answers its signing secret this once',
        body: createWebhookEndpointInput,
        response: { 201: createdWebhookEndpoint, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await endpoints.create(await request.requireViewer(), request.body)),
  );
  app.patch(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change an endpoint, or resume a paused one with `paused: false`',
        params: webhookEndpointParams,
        body: updateWebhookEndpointInput,
        response: { 200: webhookEndpointView, ...errors },
      },
    },
    async (request) => endpoints.update(await request.requireViewer(), request.params.id, request.body),
  );
  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: webhookEndpointParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await endpoints.remove(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/webhooks/:id/secret',
    {
      schema: {
        tags,
        summary: "Rotate a webhook's signing secret; the previous one still signs for 24 hours",
        params: webhookEndpointParams,
        response: { 200: rotatedWebhookSecret, ...errors },
      },
    },
    async (request) => endpoints.rotateSecret(await request.requireViewer(), request.params.id),
  );
  app.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test delivery through the outbox; it shows in the delivery log',
        params: webhookEndpointParams,
        response: { 202: webhookDeliveryQueued, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await endpoints.sendTest(await request.requireViewer(), request.params.id)),
  );
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The endpoint's newest deliveries with every attempt: time, answer code, duration, error",
        params: webhookEndpointParams,
        response: { 200: webhookDeliveryList, ...errors },
      },
    },
    async (request) => ({
      deliveries: await endpoints.deliveries(await request.requireViewer(), request.params.id),
    }),
  );
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivered or failed delivery again',
        params: webhookDeliveryParams,
        response: { 202: webhookDeliveryQueued, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await endpoints.redeliver(
            await request.requireViewer(),
            request.params.id,
            request.params.deliveryId,
          ),
        ),
  );
};
