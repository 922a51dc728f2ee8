import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CallLog, Faults } from './call-log.ts';
import { AwsError } from './protocol/aws-error.ts';
import { type IdentityStore, isAllowed } from './protocol/identity.ts';
import type { ServiceHandler, SimRequest, SimResponse } from './protocol/service-handler.ts';
import { parseAuthorization, verifySignature } from './protocol/sigv4.ts';

export interface DispatchDependencies {
  /** In routing order: the last one (S3) takes whatever the others do not claim. */
  handlers: ServiceHandler[];
  identities: IdentityStore;
  faults: Faults;
  calls: CallLog;
  now: () => Date;
}

async function readRequest(message: IncomingMessage): Promise<SimRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const rawUrl = message.url ?? '/';
  const url = new URL(rawUrl, 'http://simulator');
  const isForm = String(message.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
  return {
    method: message.method ?? 'GET',
    rawUrl,
    path: url.pathname,
    query: url.searchParams,
    headers: message.headers,
    body,
    params: isForm ? new URLSearchParams(body.toString('utf8')) : url.searchParams,
  };
}

function authenticate(
  request: SimRequest,
  handler: ServiceHandler,
  deps: DispatchDependencies,
  nowMs: number,
) {
  const authorization = parseAuthorization(request.headers.authorization as string | undefined);
  if (!authorization) throw handler.errors.missingAuthentication();
  const token = request.headers['x-amz-security-token'] as string | undefined;
  const known = deps.identities.authenticate(authorization.accessKeyId, token, nowMs);
  if (known === 'unknownKey') throw handler.errors.unknownAccessKey();
  if (known === 'expired') throw handler.errors.expiredToken();
  if (!verifySignature(request, authorization, known.secret)) throw handler.errors.signatureMismatch();
  if (authorization.service !== handler.signingName) {
    throw new AwsError(
      'SignatureDoesNotMatch',
      `Credential should be scoped to correct service: '${handler.signingName}'.`,
      403,
    );
  }
  return { identity: known.identity, region: authorization.region };
}

async function dispatch(
  request: SimRequest,
  deps: DispatchDependencies,
  requestId: string,
): Promise<SimResponse> {
  const handler =
    deps.handlers.find((candidate) => candidate.operationOf(request) !== undefined) ?? deps.handlers.at(-1)!;
  const operation = handler.operationOf(request) ?? 'Unknown';
  try {
    const nowMs = deps.now().getTime();
    const { identity, region } = authenticate(request, handler, deps, nowMs);
    deps.calls.recordReceived(handler.name, operation);
    if (deps.faults.consumeThrottle(handler.name)) throw handler.errors.throttled();
    const permission = handler.permissionFor(operation, request);
    if (permission.action && !isAllowed(identity, permission.action)) {
      throw handler.errors.accessDenied(identity.arn, permission.action, permission.resource);
    }
    const response = await handler.handle({ request, operation, identity, region, requestId, nowMs });
    if (response.status < 300) deps.calls.recordSucceeded(handler.name, operation);
    return response;
  } catch (error) {
    if (error instanceof AwsError) return handler.renderError(error, requestId, request);
    console.error('[aws-sim] internal error', error);
    return handler.renderError(
      new AwsError(
        'InternalFailure',
        'The request processing has failed because of an unknown error.',
        500,
        'Receiver',
      ),
      requestId,
      request,
    );
  }
}

function send(response: ServerResponse, answer: SimResponse, requestId: string) {
  const body = answer.body === undefined ? undefined : Buffer.from(answer.body);
  response.writeHead(answer.status, {
    'x-amzn-requestid': requestId,
    ...(body && !answer.headers?.['content-length'] ? { 'content-length': String(body.length) } : {}),
    ...answer.headers,
  });
  response.end(body);
}

export function createSimulatorServer(deps: DispatchDependencies): Server {
  return createServer((message, response) => {
    const requestId = randomUUID();
    readRequest(message)
      .then((request) => dispatch(request, deps, requestId))
      .then((answer) => send(response, answer, requestId))
      .catch((error: unknown) => {
        console.error('[aws-sim] could not answer', error);
        response.destroy();
      });
  });
}
