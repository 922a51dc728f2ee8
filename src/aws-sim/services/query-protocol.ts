import { AwsError } from '../protocol/aws-error.ts';

/** awsQuery's list of values: `Name.member.1`, `Name.member.2`... */
export function memberParams(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (let index = 1; params.has(`${name}.member.${index}`); index += 1)
    values.push(params.get(`${name}.member.${index}`) ?? '');
  return values;
}

/** Marker paging (ELBv2 PageSize, RDS MaxRecords): the marker is the offset, opaque to the caller. */
export function markerPage<T>(
  all: T[],
  params: URLSearchParams,
  sizeParam: string,
  limits: { min: number; max: number; default: number },
): { page: T[]; marker: string | undefined } {
  const sizeText = params.get(sizeParam);
  const size = sizeText === null ? limits.default : Number(sizeText);
  if (!Number.isInteger(size) || size < limits.min || size > limits.max)
    throw new AwsError(
      'ValidationError',
      `1 validation error detected: Value '${sizeText}' at '${sizeParam}' failed to satisfy constraint: Member must have value between ${limits.min} and ${limits.max}`,
    );
  const markerText = params.get('Marker');
  const offset =
    markerText === null
      ? 0
      : Number(Buffer.from(markerText, 'base64url').toString('utf8').replace('at:', ''));
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('ValidationError', 'The marker is not valid.');
  const page = all.slice(offset, offset + size);
  const next = offset + page.length;
  return { page, marker: next < all.length ? Buffer.from(`at:${next}`).toString('base64url') : undefined };
}
