import { AwsError } from './aws-error.ts';
import {
  EXPIRED_TOKEN_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  type ServiceErrors,
  SIGNATURE_MISMATCH_MESSAGE,
} from './service-handler.ts';

type CredentialErrors = Pick<
  ServiceErrors,
  'missingAuthentication' | 'unknownAccessKey' | 'signatureMismatch' | 'expiredToken'
>;

/** How STS and CloudWatch refuse a request's credentials: awsQuery codes, without an "Exception" suffix. */
export const queryStyleCredentialErrors: CredentialErrors = {
  missingAuthentication: () =>
    new AwsError('MissingAuthenticationToken', 'Request is missing Authentication Token', 403),
  unknownAccessKey: () => new AwsError('InvalidClientTokenId', INVALID_TOKEN_MESSAGE, 403),
  signatureMismatch: () => new AwsError('SignatureDoesNotMatch', SIGNATURE_MISMATCH_MESSAGE, 403),
  expiredToken: () => new AwsError('ExpiredToken', EXPIRED_TOKEN_MESSAGE, 400),
};

/** How Pricing and Cost Explorer refuse a request's credentials: awsJson codes ending in "Exception". */
export const jsonStyleCredentialErrors: CredentialErrors = {
  missingAuthentication: () =>
    new AwsError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403),
  unknownAccessKey: () => new AwsError('UnrecognizedClientException', INVALID_TOKEN_MESSAGE, 400),
  signatureMismatch: () => new AwsError('InvalidSignatureException', SIGNATURE_MISMATCH_MESSAGE, 403),
  expiredToken: () => new AwsError('ExpiredTokenException', EXPIRED_TOKEN_MESSAGE, 400),
};
