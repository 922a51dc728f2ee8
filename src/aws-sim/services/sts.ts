import { AwsError } from '../protocol/aws-error.ts';
import { queryStyleCredentialErrors } from '../protocol/credential-errors.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import type { IdentityStore } from '../protocol/identity.ts';
import { queryResponse as queryDocument } from '../protocol/query-response.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import type { XmlElements } from '../protocol/xml.ts';

const NAMESPACE = 'https://sts.amazonaws.com/doc/2011-06-15/';
const queryResponse = (operation: string, result: XmlElements, requestId: string): SimResponse =>
  queryDocument(operation, NAMESPACE, result, requestId);

function assumeRole(identities: IdentityStore, context: CallContext): SimResponse {
  const { params } = context.request;
  const roleArn = params.get('RoleArn') ?? '';
  const sessionName = params.get('RoleSessionName') ?? '';
  if (!/^[\w+=,.@-]{2,64}$/.test(sessionName)) {
    throw new AwsError(
      'ValidationError',
      `1 validation error detected: Value '${sessionName}' at 'roleSessionName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w+=,.@-]*`,
    );
  }
  const durationSeconds = Number(params.get('DurationSeconds') ?? 3600);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 900 || durationSeconds > 43_200) {
    throw new AwsError(
      'ValidationError',
      `1 validation error detected: Value '${durationSeconds}' at 'durationSeconds' failed to satisfy constraint: Member must have value greater than or equal to 900`,
    );
  }
  const expiresAt = context.nowMs + durationSeconds * 1000;
  const session = identities.assumeRole(
    roleArn,
    params.get('ExternalId') ?? undefined,
    sessionName,
    expiresAt,
  );
  if (!session) {
    throw new AwsError(
      'AccessDenied',
      `User: ${context.identity.arn} is not authorized to perform: sts:AssumeRole on resource: ${roleArn}`,
      403,
    );
  }
  return queryResponse(
    'AssumeRole',
    {
      AssumedRoleUser: { AssumedRoleId: session.identity.userId, Arn: session.identity.arn },
      Credentials: {
        AccessKeyId: session.credentials.accessKeyId,
        SecretAccessKey: session.credentials.secretAccessKey,
        SessionToken: session.credentials.sessionToken,
        Expiration: new Date(expiresAt),
      },
    },
    context.requestId,
  );
}

export function stsService(identities: IdentityStore): ServiceHandler {
  return {
    name: 'sts',
    signingName: 'sts',
    operationOf: (request) =>
      request.params.get('Version') === '2011-06-15' ? (request.params.get('Action') ?? '') : undefined,
    // Any signed-in caller may ask; the role's trust (the ExternalId) decides.
    permissionFor: () => ({ action: '', resource: '' }),
    async handle(context) {
      if (context.operation === 'AssumeRole') return assumeRole(identities, context);
      if (context.operation === 'GetCallerIdentity') {
        const { identity } = context;
        return queryResponse(
          'GetCallerIdentity',
          { UserId: identity.userId, Account: identity.accountId, Arn: identity.arn },
          context.requestId,
        );
      }
      throw new AwsError(
        'InvalidAction',
        `Could not find operation ${context.operation} for version 2011-06-15`,
      );
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: {
      ...queryStyleCredentialErrors,
      throttled: () => new AwsError('Throttling', 'Rate exceeded', 400),
      accessDenied: (callerArn, action, resource) =>
        new AwsError(
          'AccessDenied',
          `User: ${callerArn} is not authorized to perform: ${action} on resource: ${resource}`,
          403,
        ),
    },
  };
}
