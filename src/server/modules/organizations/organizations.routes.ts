import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  myOrganization,
  myOrganizations,
  organizationDetails,
  organizationIdParams,
  renameOrganizationInput,
} from '../../../contracts/organizations.ts';
import { myCostScope } from '../../../contracts/teams.ts';
import type { OrganizationsService } from './organizations.service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['organization'];

/** The viewer's organization, the organizations they belong to, and switching between them. */
export const organizationsRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationsService }> = async (
  app,
  { organizations },
) => {
  app.get(
    '/api/organization',
    {
      schema: {
        tags,
        summary: 'Your organization: its name and members with their role and last activity',
        response: { 200: organizationDetails, ...errors },
      },
    },
    async (request) => organizations.details(await request.requireViewer()),
  );

  app.patch(
    '/api/organization',
    {
      schema: {
        tags,
        summary: 'Rename your organization (owners and admins)',
        body: renameOrganizationInput,
        response: { 200: organizationDetails, ...errors },
      },
    },
    async (request) => organizations.rename(await request.requireViewer(), request.body.name),
  );

  app.get(
    '/api/organizations',
    {
      schema: {
        tags,
        summary: 'The organizations you belong to; `active` marks the one this session works in',
        response: { 200: myOrganizations, ...errors },
      },
    },
    async (request) => ({
      organizations: await organizations.listMine(await request.requireViewer({ verified: false })),
    }),
  );

  app.post(
    '/api/organizations/:id/activate',
    {
      schema: {
        tags,
        summary: 'Work in another of your organizations from now on (this session)',
        params: organizationIdParams,
        response: { 200: myOrganization, ...errors },
      },
    },
    async (request) =>
      organizations.activate(await request.requireViewer({ verified: false }), request.params.id),
  );

  app.get(
    '/api/cost-scope',
    {
      schema: {
        tags,
        summary: "The part of the organization's spend you see, and the teams it comes from",
        response: { 200: myCostScope, ...errors },
      },
    },
    async (request) => organizations.myCostScope(await request.requireViewer()),
  );
};
