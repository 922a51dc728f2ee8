import type { FastifyInstance } from 'fastify';
import { fieldWithNulCharacter } from '../../domain/nul-characters.ts';
import { badRequest } from './errors.ts';

/**
 * A NUL character in any path parameter, query value or body string is a 400 naming the field, for every
 * route (ours and better-auth's), before the route's own validation: PostgreSQL refuses NUL in text (22021).
 */
export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNulCharacter(part);
      if (field) throw badRequest(`${field}: must not contain a NUL character.`);
    }
  });
}
