import { AwsError } from './aws-error.ts';
import type { SimRequest } from './service-handler.ts';

/** The JSON body of an awsJson request; malformed JSON is the client's fault, as AWS says. */
export function jsonBody<T = Record<string, unknown>>(request: SimRequest): T {
  try {
    return JSON.parse(request.body.toString('utf8') || '{}') as T;
  } catch {
    throw new AwsError('SerializationException', 'Start of structure or map found where not expected.');
  }
}
