import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  accessCheck,
  actionRoleInput,
  integration,
  integrationIdParams,
  roleArn,
  setupKit,
  syncAnswer,
  syncInput,
  templateQuery,
  verifyRoleInput,
} from '../../../contracts/integrations.ts';
import type { AccessCheck } from './aws/aws-session.ts';
import { type AwsSetupService, PUBLIC_TEMPLATE_PATH } from './aws-setup.service.ts';
import type { SyncRequests } from './aws-sync.service.ts';
import type { IntegrationsService } from './integrations.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['integrations'];

const toCheckView = (check: AccessCheck) => ({
  ok: check.ok,
  code: check.code,
  message: check.message,
  account_id: check.accountId,
  checks: check.checks,
});

/** Connecting AWS: role checks, the CloudFormation template and quick-create link, and "Sync now". */
export const awsIntegrationsRoutes: FastifyPluginAsyncZod<{
  integrations: IntegrationsService;
  setup: AwsSetupService;
  syncs: SyncRequests;
}> = async (app, { integrations, setup, syncs }) => {
  app.post(
    '/api/integrations/verify-role',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Assume a role with an ExternalId and make one read call; says which step failed',
        body: verifyRoleInput,
        response: { 200: accessCheck, ...errors },
      },
    },
    async (request) =>
      toCheckView(await integrations.verifyRole(await request.requireViewer(), request.body)),
  );

  app.post(
    '/api/integrations/:id/role',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Attach the role ARN a stack created; it is verified first and the first sync starts',
        params: integrationIdParams,
        body: z.object({ role_arn: roleArn }),
        response: { 200: accessCheck, ...errors },
      },
    },
    async (request) =>
      toCheckView(
        await integrations.attachRole(
          await request.requireViewer(),
          request.params.id,
          request.body.role_arn,
        ),
      ),
  );

  app.put(
    '/api/integrations/:id/action-role',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary:
          'Turn actions on with the opt-in action role (assumed once with the ExternalId to check it); off by default',
        params: integrationIdParams,
        body: actionRoleInput,
        response: { 200: integration, ...errors },
      },
    },
    async (request) =>
      integrations.setActionRole(await request.requireViewer(), request.params.id, request.body.role_arn),
  );

  app.delete(
    '/api/integrations/:id/action-role',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Turn actions off: Spendguard forgets the action role and only reads the account again',
        params: integrationIdParams,
        response: { 200: integration, ...errors },
      },
    },
    async (request) => integrations.setActionRole(await request.requireViewer(), request.params.id, null),
  );

  app.post(
    '/api/integrations/:id/sync',
    {
      config: { tokenScope: 'integrations:manage' },
      schema: {
        tags,
        summary: 'Sync now: costs (export or Cost Explorer), EC2 inventory and metrics',
        params: integrationIdParams,
        body: syncInput,
        response: { 202: syncAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const integration = await integrations.requireManaged(viewer, request.params.id);
      if (integration.kind === 'upload')
        return reply
          .code(202)
          .send({ queued: false, message: 'Upload integrations sync when a file is uploaded.' });
      // A person asking is the one case Cost Explorer may be called again within 6 hours.
      const queued = await syncs.request(integration.id, { force: request.body?.force ?? true });
      return reply.code(202).send({
        queued,
        message: queued ? 'The sync is queued.' : 'A sync of this integration is already running.',
      });
    },
  );

  app.get(
    '/api/integrations/:id/cloudformation-template',
    {
      schema: {
        tags,
        summary:
          "The CloudFormation template (YAML) of the read-only role, with this integration's ExternalId",
        params: integrationIdParams,
        querystring: templateQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const yaml = await setup.template(
        await request.requireViewer(),
        request.params.id,
        request.query.with_export === 'true',
      );
      return reply
        .header('content-type', 'application/x-yaml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="spendguard-read-only-role.yaml"')
        .send(yaml);
    },
  );

  app.get(
    '/api/integrations/setup-kit',
    {
      schema: {
        tags,
        summary: 'A fresh ExternalId with its CloudFormation template and quick-create link (setup screen)',
        querystring: templateQuery,
        response: { 200: setupKit, ...errors },
      },
    },
    async (request) =>
      setup.newKit(
        await request.requireViewer(),
        request.query.external_id,
        request.query.with_export === 'true',
      ),
  );

  app.get(
    '/api/integrations/:id/setup',
    {
      schema: {
        tags,
        summary: 'The ExternalId, template link and CloudFormation quick-create link of an integration',
        params: integrationIdParams,
        querystring: templateQuery,
        response: { 200: setupKit, ...errors },
      },
    },
    async (request) =>
      setup.kit(await request.requireViewer(), request.params.id, request.query.with_export === 'true'),
  );

  // CloudFormation's quick-create page fetches the template itself, without a session: the link
  // passes the ExternalId as a parameter; `external_id` here only fills the download's default.
  app.get(
    PUBLIC_TEMPLATE_PATH,
    {
      schema: {
        tags,
        summary: 'The public template the quick-create link points at',
        querystring: templateQuery,
        response: { 200: z.string(), ...errorAnswers(409) },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/x-yaml; charset=utf-8')
        .send(setup.publicTemplate(request.query.external_id, request.query.with_export === 'true')),
  );
};
