import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  acceptedInvitation,
  acceptInvitationInput,
  invitationCodeParams,
  invitationIdParams,
  invitationPreview,
  inviteUsersAnswer,
  inviteUsersInput,
  pendingInvitations,
} from '../../../contracts/organizations.ts';
import type { InvitationAcceptanceService } from './invitation-acceptance.service.ts';
import type { InvitationsService } from './invitations.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 410);
const tags = ['organization'];

/** POST organization-users (batch invitations), their list, withdrawal, preview and acceptance. */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  invitationAcceptance: InvitationAcceptanceService;
}> = async (app, { invitations, invitationAcceptance }) => {
  app.post(
    '/api/organization-users',
    {
      schema: {
        tags,
        summary: 'Invite people by e-mail, each with a role and optionally a team (owners and admins)',
        body: inviteUsersInput,
        response: { 201: inviteUsersAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await invitations.invite(await request.requireViewer(), request.body.users);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/organization-invitations',
    {
      schema: {
        tags,
        summary: 'Invitations not accepted yet (owners and admins)',
        response: { 200: pendingInvitations, ...errors },
      },
    },
    async (request) => ({ invitations: await invitations.listPending(await request.requireViewer()) }),
  );

  app.delete(
    '/api/organization-invitations/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working',
        params: invitationIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await invitations.revoke(await request.requireViewer(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/invitations/:code',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (no sign-in needed: the code comes from the mail)',
        params: invitationCodeParams,
        response: { 200: invitationPreview, ...errors },
      },
    },
    async (request) => invitationAcceptance.preview(request.params.code),
  );

  app.post(
    '/api/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation as the signed-in person; the session moves to that organization',
        body: acceptInvitationInput,
        response: { 200: acceptedInvitation, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer({ verified: false });
      return { organization: await invitationAcceptance.accept(viewer, request.body.invitation) };
    },
  );
};
