import { ApiRequestError } from '../../../lib/api-client.ts';

/** A 404 will not change on retry: say "not found" at once; other failures retry twice. */
export const retryUnlessMissing = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status === 404) && failureCount < 2;
