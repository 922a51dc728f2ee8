import { AwsError } from './aws-error.ts';
import { jsonStyleCredentialErrors } from './credential-errors.ts';
import { jsonErrorDocument } from './error-documents.ts';
import { notAuthorizedMessage, type ServiceErrors, type ServiceHandler } from './service-handler.ts';

type ServiceQuirks = Partial<Pick<ServiceErrors, 'throttled' | 'accessDenied'>>;

/**
 * How an awsJson or REST-JSON service answers an error: a JSON document (`__type`, `message`) in
 * the service's content type, the JSON credential codes, and ThrottlingException (400) and
 * AccessDeniedException (403) unless the service really uses another code or status.
 */
export function jsonServiceErrors(
  contentType: string,
  quirks: ServiceQuirks = {},
): Pick<ServiceHandler, 'renderError' | 'errors'> {
  return {
    renderError: (error, requestId) => jsonErrorDocument(error, requestId, contentType),
    errors: {
      ...jsonStyleCredentialErrors,
      throttled: () => new AwsError('ThrottlingException', 'Rate exceeded', 400),
      accessDenied: accessDeniedWithStatus(403),
      ...quirks,
    },
  };
}

/** The AccessDeniedException of a service that answers it with another status than 403. */
export function accessDeniedWithStatus(status: number): ServiceErrors['accessDenied'] {
  return (callerArn, action) =>
    new AwsError('AccessDeniedException', notAuthorizedMessage(callerArn, action), status);
}
