import { AwsError } from './aws-error.ts';
import { queryStyleCredentialErrors } from './credential-errors.ts';
import type { ServiceErrors, SimResponse } from './service-handler.ts';
import { notAuthorizedMessage } from './service-handler.ts';
import { type XmlElements, xmlDocument } from './xml.ts';

/** awsQuery's answer: <OpResponse><OpResult>...</OpResult><ResponseMetadata/></OpResponse>. */
export function queryResponse(
  operation: string,
  namespace: string,
  result: XmlElements,
  requestId: string,
): SimResponse {
  const body = xmlDocument(`${operation}Response`, namespace, {
    [`${operation}Result`]: result,
    ResponseMetadata: { RequestId: requestId },
  });
  return { status: 200, headers: { 'content-type': 'text/xml' }, body };
}

/** awsQuery lists: <Name><member>..</member><member>..</member></Name>. */
export function members(entries: XmlElements[]): XmlElements {
  return { member: entries };
}

/** The errors of Auto Scaling and RDS (awsQuery): AccessDenied names the action, as IAM words it. */
export const queryServiceErrors: ServiceErrors = {
  ...queryStyleCredentialErrors,
  throttled: () => new AwsError('Throttling', 'Rate exceeded', 400),
  accessDenied: (callerArn, action, resource) =>
    new AwsError('AccessDenied', notAuthorizedMessage(callerArn, action, resource || undefined), 403),
};

/** The Deny of the action role's policy on a resource tagged spendguard:protect=true. */
export function explicitDeny(callerArn: string, action: string, resourceArn: string): AwsError {
  return new AwsError(
    'AccessDenied',
    `User: ${callerArn} is not authorized to perform: ${action} on resource: ${resourceArn} with an explicit deny in an identity-based policy`,
    403,
  );
}
