import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  createIntegrationInput,
  ingestionRun,
  ingestionRunParams,
  integration,
  integrationIdParams,
  manifestsKept,
  monthParts,
  updateIntegrationInput,
  uploadFileName,
  uploadFilesQuery,
} from '../../../contracts/integrations.ts';
import { badRequest } from '../../plugins/errors.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { UploadedFile } from './uploaded-files.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** Each file of the multipart body, its name checked, as the service stores them one after another. */
async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  for await (const file of request.files()) {
    const fileName = uploadFileName.safeParse(file.filename);
    if (!fileName.success) throw badRequest(`file: ${fileName.error.issues[0]?.message}.`);
    yield { fileName: fileName.data, stream: file.file };
  }
}
const tags = ['integrations'];

export const integrationsRoutes: FastifyPluginAsyncZod<{ integrations: IntegrationsService }> = async (
  app,
  { integrations },
) => {
  app.get(
    '/api/integrations',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: "The organization's integrations",
        response: { 200: z.array(integration), ...errors },
      },
    },
    async (request) => integrations.list(await request.requireViewer()),
  );

  app.post(
    '/api/integrations',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Connect a source of cost data',
        body: createIntegrationInput,
        response: { 201: integration, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await integrations.create(await request.requireViewer(), request.body)),
  );

  app.get(
    '/api/integrations/:id',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'One integration',
        params: integrationIdParams,
        response: { 200: integration, ...errors },
      },
    },
    async (request) => integrations.get(await request.requireViewer(), request.params.id),
  );

  app.patch(
    '/api/integrations/:id',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Rename an integration or make it the default',
        params: integrationIdParams,
        body: updateIntegrationInput,
        response: { 200: integration, ...errors },
      },
    },
    async (request) => integrations.update(await request.requireViewer(), request.params.id, request.body),
  );

  app.delete(
    '/api/integrations/:id',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Disconnect an integration and delete its data',
        params: integrationIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await integrations.remove(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/integrations/:id/status',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: 'State, progress of the latest ingestion, fresh-through day, last error',
        params: integrationIdParams,
        response: { 200: integration, ...errors },
      },
    },
    async (request) => integrations.status(await request.requireViewer(), request.params.id),
  );

  app.post(
    '/api/integrations/:id/files',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary:
          'Upload billing files (CUR, CUR 2.0 or FOCUS; CSV, gzip or Parquet), several side by side or in a .zip, with or without their manifest; answers their ingestion run (202), or the months kept when only manifests came (200). A part of a month kept from an earlier upload answers 409 PartOfKeptMonth until `parts` says add or replace',
        consumes: ['multipart/form-data'],
        params: integrationIdParams,
        querystring: uploadFilesQuery,
        response: { 200: manifestsKept, 202: ingestionRun, ...errors, ...errorAnswers(409, 413) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      if (!request.isMultipart()) throw badRequest('file: send the billing file as multipart/form-data.');
      const answer = await integrations.acceptUpload(
        viewer,
        request.params.id,
        uploadedFiles(request),
        request.query.parts,
      );
      return 'run' in answer ? reply.code(202).send(answer.run) : reply.code(200).send(answer);
    },
  );

  app.get(
    '/api/integrations/:id/month-parts',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          "The months kept in parts from uploads, and the parts each month's manifest lists that are missing",
        params: integrationIdParams,
        response: { 200: z.array(monthParts), ...errors },
      },
    },
    async (request) => integrations.monthParts(await request.requireViewer(), request.params.id),
  );

  for (const action of ['confirm', 'discard'] as const) {
    app.post(
      `/api/integrations/:id/runs/:runId/${action}`,
      {
        config: { tokenScope: 'integrations:manage' },
        schema: {
          tags,
          summary:
            action === 'confirm'
              ? 'Replace the months a held upload would lower by more than half (reads its file again)'
              : 'Discard a held upload: the current numbers stay and its file is removed',
          params: ingestionRunParams,
          response: { 200: ingestionRun, ...errors, ...errorAnswers(409) },
        },
      },
      async (request) =>
        integrations.decideHeldRun(
          await request.requireViewer(),
          { integrationId: request.params.id, runId: request.params.runId },
          action,
        ),
    );
  }
};
