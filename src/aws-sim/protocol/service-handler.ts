import type { AwsError } from './aws-error.ts';
import type { CallerIdentity } from './identity.ts';

/** The services the simulator speaks, named as tests and fault switches refer to them. */
export type SimServiceName =
  | 'sts'
  | 'ce'
  | 's3'
  | 'cloudwatch'
  | 'ec2'
  | 'pricing'
  | 'sqs'
  | 'lambda'
  | 'autoscaling'
  | 'elasticloadbalancing'
  | 'rds'
  | 'savingsplans'
  | 'compute-optimizer'
  | 'cost-optimization-hub'
  | 'tagging';

export interface SimRequest {
  method: string;
  /** Path and query exactly as received (S3 keys stay percent-encoded here). */
  rawUrl: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Query-protocol parameters (form body or URL query), flattened as sent: 'Filter.1.Name'. */
  params: URLSearchParams;
}

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface CallContext {
  request: SimRequest;
  operation: string;
  identity: CallerIdentity;
  /** The region the request was signed for (the SDK client's region). */
  region: string;
  requestId: string;
  nowMs: number;
}

/** The errors every service needs, each in the code and status that service really uses. */
export interface ServiceErrors {
  missingAuthentication(): AwsError;
  unknownAccessKey(): AwsError;
  signatureMismatch(): AwsError;
  expiredToken(): AwsError;
  throttled(): AwsError;
  accessDenied(callerArn: string, action: string, resource: string): AwsError;
}

export interface ServiceHandler {
  name: SimServiceName;
  /** The service name in the SigV4 credential scope. */
  signingName: string;
  /** The operation this request calls, or undefined when the request is not for this service. */
  operationOf(request: SimRequest): string | undefined;
  /** The IAM action (and resource, for messages) the operation needs. */
  permissionFor(operation: string, request: SimRequest): { action: string; resource: string };
  handle(context: CallContext): Promise<SimResponse>;
  renderError(error: AwsError, requestId: string, request: SimRequest): SimResponse;
  errors: ServiceErrors;
}

export const SIGNATURE_MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
export const INVALID_TOKEN_MESSAGE = 'The security token included in the request is invalid.';
export const EXPIRED_TOKEN_MESSAGE = 'The security token included in the request is expired';

/** The wording IAM uses when no policy grants an action. */
export function notAuthorizedMessage(callerArn: string, action: string, resource?: string): string {
  const onResource = resource ? ` on resource: ${resource}` : '';
  return `User: ${callerArn} is not authorized to perform: ${action}${onResource} because no identity-based policy allows the ${action} action`;
}

/** awsJson services name the operation in `X-Amz-Target: <prefix><Operation>`. */
export function targetedOperation(request: SimRequest, targetPrefix: string): string | undefined {
  const target = String(request.headers['x-amz-target'] ?? '');
  return target.startsWith(targetPrefix) ? target.slice(targetPrefix.length) : undefined;
}
