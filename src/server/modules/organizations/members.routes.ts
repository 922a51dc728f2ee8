import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  changeRoleInput,
  listUsersQuery,
  memberProfile,
  memberSlugParams,
  organizationMember,
  removeUserQuery,
  userIdParams,
} from '../../../contracts/organizations.ts';
import { teamUsers } from '../../../contracts/teams.ts';
import type { MembersService } from './members.service.ts';
import type { TeamsService } from './teams.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['organization'];

/** GET list_users and DELETE remove-user, role changes and the member page. */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService; teams: TeamsService }> = async (
  app,
  { members, teams },
) => {
  app.get(
    '/api/list_users',
    {
      schema: {
        tags,
        summary: "A team's members, by team_id or by the team's slug",
        querystring: listUsersQuery,
        response: { 200: teamUsers, ...errors },
      },
    },
    async (request) => {
      const { team_id, slug } = request.query;
      return teams.users(await request.requireViewer(), team_id ? { id: team_id } : { slug: slug ?? '' });
    },
  );

  app.delete(
    '/api/remove-user',
    {
      schema: {
        tags,
        summary: 'Remove someone from a team (with team_id) or from the organization (owners and admins)',
        querystring: removeUserQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const { user_id, team_id } = request.query;
      if (team_id) await teams.removeMember(viewer, team_id, user_id);
      else await members.removeFromOrganization(viewer, user_id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/organization-users/:userId',
    {
      schema: {
        tags,
        summary: "Change someone's role (owners and admins; only owners touch owners)",
        params: userIdParams,
        body: changeRoleInput,
        response: { 200: organizationMember, ...errors },
      },
    },
    async (request) =>
      members.changeRole(await request.requireViewer(), request.params.userId, request.body.role),
  );

  app.get(
    '/api/organization-members/:slug',
    {
      schema: {
        tags,
        summary: "A member's profile, teams, role, last activity and alert channels",
        params: memberSlugParams,
        response: { 200: memberProfile, ...errors },
      },
    },
    async (request) => members.profile(await request.requireViewer(), request.params.slug),
  );
};
