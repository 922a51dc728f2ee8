/** Why a call to AWS failed, in words an operator can act on. */
export type AwsFailureCode =
  | 'AccessDenied'
  | 'MissingPermission'
  | 'Throttled'
  | 'NotFound'
  | 'Unreachable'
  | 'Failed';

export class AwsAccessError extends Error {
  constructor(
    readonly code: AwsFailureCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AwsAccessError';
  }
}

const THROTTLING = new Set([
  'Throttling',
  'ThrottlingException',
  'LimitExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'TooManyRequestsException',
  'RequestThrottled',
]);
const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'AuthorizationError',
]);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'TimeoutError']);

function nameOf(error: unknown): string {
  const candidate = error as { name?: string; code?: string; Code?: string };
  return candidate?.Code ?? candidate?.name ?? candidate?.code ?? 'Error';
}

export function isThrottling(error: unknown): boolean {
  return error instanceof AwsAccessError ? error.code === 'Throttled' : THROTTLING.has(nameOf(error));
}

/**
 * Names the cause of a failed AssumeRole: AWS answers the same AccessDenied for a role that does not
 * exist, a trust policy without Spendguard's account, and a wrong ExternalId.
 */
export function assumeRoleFailure(error: unknown, roleArn: string): AwsAccessError {
  const name = nameOf(error);
  if (THROTTLING.has(name))
    return new AwsAccessError(
      'Throttled',
      'AWS STS is throttling requests (Throttling): try again in a minute.',
      error,
    );
  if (DENIED.has(name) || name === 'InvalidClientTokenId' || name === 'ValidationError') {
    return new AwsAccessError(
      'AccessDenied',
      `AWS refused to let Spendguard assume ${roleArn} (${name}): check that the role ARN is right, that its trust policy names Spendguard's account, and that its ExternalId matches this integration's.`,
      error,
    );
  }
  return callFailure(error, 'sts:AssumeRole');
}

/** Names the cause of a failed read call made with the assumed role. */
export function callFailure(error: unknown, action: string): AwsAccessError {
  if (error instanceof AwsAccessError) return error;
  const name = nameOf(error);
  const detail = (error as Error)?.message ?? String(error);
  if (THROTTLING.has(name))
    return new AwsAccessError(
      'Throttled',
      `AWS is throttling ${action} (${name}): the sync retries with backoff.`,
      error,
    );
  if (DENIED.has(name))
    return new AwsAccessError(
      'MissingPermission',
      `The role may not call ${action} (${name}): update the stack from the latest template, or add ${action} to the role's policy.`,
      error,
    );
  if (name === 'NoSuchBucket' || name === 'NoSuchKey' || name === 'NotFound')
    return new AwsAccessError('NotFound', `${action} found nothing there (${name}): ${detail}`, error);
  if (UNREACHABLE.has(name) || UNREACHABLE.has((error as { code?: string })?.code ?? ''))
    return new AwsAccessError('Unreachable', `AWS could not be reached for ${action}: ${detail}`, error);
  return new AwsAccessError('Failed', `${action} failed (${name}): ${detail}`, error);
}
