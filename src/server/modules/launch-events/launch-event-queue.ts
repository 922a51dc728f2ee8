import type { AwsAccess } from '../../aws-access.ts';

/** The queue the integration template creates in each region it is deployed to (decision 046). */
export const LAUNCH_EVENTS_QUEUE = 'spendguard-launch-events';

export function launchEventsQueueUrl(access: AwsAccess, region: string, accountId: string): string {
  // The simulator serves `${endpoint}/${account}/${name}` and picks the region from the signature.
  return access.endpoint
    ? `${access.endpoint.replace(/\/$/, '')}/${accountId}/${LAUNCH_EVENTS_QUEUE}`
    : `https://sqs.${region}.amazonaws.com/${accountId}/${LAUNCH_EVENTS_QUEUE}`;
}

/** The error code the SDK exposes (`Code` for SQS's query-compatible errors), else its name. */
export function errorName(error: unknown): string {
  const candidate = error as { Code?: string; name?: string };
  return candidate?.Code ?? candidate?.name ?? 'Error';
}

export function isQueueMissing(error: unknown): boolean {
  const name = errorName(error);
  return name === 'QueueDoesNotExist' || name === 'AWS.SimpleQueueService.NonExistentQueue';
}

export function isAccessDenied(error: unknown): boolean {
  const name = errorName(error);
  return name === 'AccessDenied' || name === 'AccessDeniedException' || name === 'KMS.AccessDeniedException';
}
