import { AwsError } from './aws-error.ts';

/**
 * One page of `items`, `maxResults` (1 to `limit`) at a time, with an opaque `nextToken`, as the
 * awsJson services page; `invalid` is the error code the service answers a bad value with.
 */
export function jsonPage<T>(
  items: T[],
  request: { maxResults?: number; nextToken?: string },
  limit: number,
  invalid: string,
): { items: T[]; nextToken?: string } {
  const size = request.maxResults ?? limit;
  if (!Number.isInteger(size) || size < 1 || size > limit)
    throw new AwsError(invalid, `The maxResults value ${size} is not valid.`);
  const offset = request.nextToken ? Number(Buffer.from(request.nextToken, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError(invalid, 'The nextToken value is not valid.');
  const slice = items.slice(offset, offset + size);
  const next = offset + slice.length;
  return {
    items: slice,
    ...(next < items.length ? { nextToken: Buffer.from(String(next)).toString('base64url') } : {}),
  };
}
