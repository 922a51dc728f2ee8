import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error the API answers on purpose: its status and `{Code, Message}` reach the caller as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'NotFound', `${what} was not found.`);
export const forbidden = (message: string) => new ApiError(403, 'Forbidden', message);
export const badRequest = (message: string, code = 'BadRequest') => new ApiError(400, code, message);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function describeValidationIssue(issue: ValidationIssue, context: string | undefined): string {
  const pathFromZod = issue.params?.issue?.path?.map(String).join('.');
  const field =
    pathFromZod || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

/**
 * What the router refuses before any route runs (a malformed %-escape, a path parameter over 100
 * characters) also answers `{Code, Message}` (Fastify's `frameworkErrors`).
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply.code(error.statusCode ?? 400).send({
    Code: tooLong ? 'UriTooLong' : 'BadRequest',
    Message: tooLong
      ? 'path: a path parameter is longer than 100 characters.'
      : 'path: the URL is malformed.',
  });
}

/** Every failure answers `{Code, Message}`; bad input is a 400 naming the field, never a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ Code: error.code, Message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as ValidationIssue[];
      const message = issues
        .map((issue) => describeValidationIssue(issue, error.validationContext))
        .join('; ');
      return reply.code(400).send({ Code: 'BadRequest', Message: message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .code(500)
        .send({ Code: 'InternalError', Message: 'The server could not build its answer.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        Code: 'PayloadTooLarge',
        Message: 'body: larger than this route accepts for its content type (see the API documentation).',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        Code: error.code || 'BadRequest',
        Message: error.message || 'The request could not be completed.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ Code: 'InternalError', Message: 'Something went wrong on our side.' });
  });
}
