import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  addTeamMemberInput,
  createTeamInput,
  teamDetails,
  teamIdParams,
  teamList,
  updateTeamInput,
} from '../../../contracts/teams.ts';
import type { TeamsService } from './teams.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['teams'];

/** Teams: everyone reads; owners and admins create, change and delete them. */
export const teamsRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  app.get(
    '/api/teams',
    {
      schema: {
        tags,
        summary: 'The teams of your organization with their scope of spend',
        response: { 200: teamList, ...errors },
      },
    },
    async (request) => ({ teams: await teams.list(await request.requireViewer()) }),
  );

  app.post(
    '/api/teams',
    {
      schema: {
        tags,
        summary: 'Create a team: name, slug (unique in the organization), members and scope',
        body: createTeamInput,
        response: { 201: teamDetails, ...errors },
      },
    },
    async (request, reply) => {
      const team = await teams.create(await request.requireViewer(), request.body);
      return reply.code(201).send(team);
    },
  );

  app.get(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'One team with its members and scope',
        params: teamIdParams,
        response: { 200: teamDetails, ...errors },
      },
    },
    async (request) => teams.get(await request.requireViewer(), request.params.id),
  );

  app.patch(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Rename a team, change its slug, its scope, or its whole member list',
        params: teamIdParams,
        body: updateTeamInput,
        response: { 200: teamDetails, ...errors },
      },
    },
    async (request) => teams.update(await request.requireViewer(), request.params.id, request.body),
  );

  app.delete(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team (its people stay in the organization)',
        params: teamIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await teams.remove(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/teams/:id/members',
    {
      schema: {
        tags,
        summary: 'Add a member of the organization to the team',
        params: teamIdParams,
        body: addTeamMemberInput,
        response: { 200: teamDetails, ...errors },
      },
    },
    async (request) =>
      teams.addMember(await request.requireViewer(), request.params.id, request.body.user_id),
  );
};
