import { type ApiRejection, rejectionMessage } from '../../lib/api-client.ts';
import { upperFirst } from '../../lib/sentence.ts';

/**
 * Why an upload was refused, as the person reads it: the API names the field its message is about
 * ("file: the uploaded file is empty."), and on the upload the file is the only thing they gave.
 */
export function uploadRefusalMessage(rejection: ApiRejection): string {
  return upperFirst(rejectionMessage(rejection).replace(/^file: /, ''));
}
