import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConfigDocument,
  configDocument,
  configExportQuery,
  configPlan,
} from '../../../contracts/config.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { ConfigService } from './config.service.ts';
import {
  CONFIG_BODY_LIMIT_BYTES,
  chooseFormat,
  DocumentText,
  renderConfigDocument,
  YAML_CONTENT_TYPES,
} from './config-document.ts';

const tags = ['config'];
const errors = errorAnswers(400, 401, 403, 409, 413);

/** The body is checked by the service, which names the failing path the way the file reads (`budgets[2].amount_usd`). */
const checkedByTheService = () => (data: unknown) => ({ value: data });

const documentBody = configDocument.describe(
  'A configuration document, as YAML (`Content-Type: application/yaml`) or JSON, at most 256 KiB. A section ' +
    'left out is left alone.',
);

/** Budgets as code: export, plan and apply the organization's budgets, rules, teams and routes. */
export const configRoutes: FastifyPluginAsyncZod<{ config: ConfigService }> = async (app, { config }) => {
  // Kept as text: the service parses it after checking who is asking (decision 077).
  app.addContentTypeParser(
    YAML_CONTENT_TYPES,
    { parseAs: 'string', bodyLimit: CONFIG_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, new DocumentText(body as string, 'yaml')),
  );
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CONFIG_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, new DocumentText(body as string, 'json')),
  );

  app.get(
    '/api/config',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary: "Export the organization's budgets, alert rules, teams and notification routes",
        description:
          'YAML by default; JSON with `?format=json` or `Accept: application/json`. Names, not ids; sorted; ' +
          'exporting twice gives the same text. Every member who sees all spend may export; a member limited to teams gets 403.',
        querystring: configExportQuery,
        response: { 200: configDocument, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const format = chooseFormat(request.query.format, request.headers.accept);
      const document = await config.export(viewer);
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8')
        .serializer((payload: unknown) => renderConfigDocument(payload as ConfigDocument, format))
        .send(document);
    },
  );

  app.post(
    '/api/config/plan',
    {
      config: { tokenScope: 'budgets:write' },
      validatorCompiler: checkedByTheService,
      schema: {
        tags,
        summary: 'What applying this document would change, object by object (nothing is written)',
        description: 'Owners and admins.',
        body: documentBody,
        response: { 200: configPlan, ...errors },
      },
    },
    async (request) => config.plan(await request.requireViewer(), request.body as unknown),
  );

  app.post(
    '/api/config/apply',
    {
      config: { tokenScope: 'budgets:write' },
      validatorCompiler: checkedByTheService,
      schema: {
        tags,
        summary: 'Apply this document in one transaction; applying it again changes nothing',
        description:
          'Owners and admins. Answers the changes made. A 400 names the path in the file and writes nothing.',
        body: documentBody,
        response: { 200: configPlan, ...errors },
      },
    },
    async (request) => config.apply(await request.requireViewer(), request.body as unknown),
  );
};
