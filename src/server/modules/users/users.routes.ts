import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  createUserInput,
  deleteUserInput,
  updateUserInput,
  userIdQuery,
  userRecord,
} from '../../../contracts/users.ts';
import { badRequest } from '../../plugins/errors.ts';
import { AVATAR_MAX_BYTES, type UsersService } from './users.service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['users'];

/** The user record. Unverified people may use these (/settings stays reachable). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const unverified = { verified: false };

  app.get(
    '/api/users/me',
    { schema: { tags, summary: 'The signed-in person', response: { 200: userRecord, ...errors } } },
    async (request) => users.getRecord(await request.requireViewer(unverified)),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'A user record (your own)',
        querystring: userIdQuery,
        response: { 200: userRecord, ...errors },
      },
    },
    async (request) => users.getRecordById(await request.requireViewer(unverified), request.query.user_id),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Confirm your user record after sign-up',
        body: createUserInput,
        response: { 201: userRecord, ...errors },
      },
    },
    async (request, reply) => {
      const record = await users.createRecord(await request.requireViewer(unverified), request.body);
      return reply.code(201).send(record);
    },
  );

  app.patch(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Change your name, time zone, phone or saved view',
        body: updateUserInput,
        response: { 200: userRecord, ...errors },
      },
    },
    async (request) => users.updateRecord(await request.requireViewer(unverified), request.body),
  );

  app.delete(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Delete your account and what only it owns (asks for the password again)',
        querystring: userIdQuery,
        body: deleteUserInput,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(unverified);
      await users.deleteAccount(viewer, request.query.user_id, request.body.password, request.headers);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/avatar',
    {
      schema: {
        tags,
        summary: 'Upload your picture (PNG, JPEG, WebP or GIF, up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: userRecord, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer(unverified);
      if (!request.isMultipart()) throw badRequest('avatar: send the picture as multipart/form-data.');
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('avatar: no file was sent.');
      const bytes = await file.toBuffer().catch(() => {
        throw badRequest(`avatar: the picture is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`);
      });
      return users.saveAvatar(viewer, { declaredType: file.mimetype, bytes });
    },
  );

  app.get(
    '/api/users/:userId/avatar',
    { schema: { tags, summary: "A person's picture", params: z.object({ userId: z.uuid() }) } },
    async (request, reply) => {
      const avatar = await users.readAvatar(await request.requireViewer(unverified), request.params.userId);
      return reply
        .type(avatar.contentType)
        .header('cache-control', 'private, max-age=86400')
        .send(avatar.bytes);
    },
  );
};
