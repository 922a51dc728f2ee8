import type { FastifyInstance } from 'fastify';
import { MAX_REQUEST_VALUE_DEPTH, requestValueProblem } from '../../domain/nul-characters.ts';
import { badRequest } from './errors.ts';

/**
 * A NUL character in any path parameter, query value or body string is a 400 naming the field, for every
 * route (ours and better-auth's), before the route's own validation: PostgreSQL refuses NUL in text (22021).
 * So is a body nested deeper than any payload of ours: it runs before authentication (decision 077).
 */
export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = requestValueProblem(part);
      if (found) throw badRequest(describeProblem(found.field, found.problem));
    }
  });
}

function describeProblem(field: string, problem: 'nul-character' | 'too-deep'): string {
  return problem === 'nul-character'
    ? `${field}: must not contain a NUL character.`
    : `${field}: nested deeper than ${MAX_REQUEST_VALUE_DEPTH} levels.`;
}
