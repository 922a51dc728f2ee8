import type { AppContext } from '../../context.ts';
import { ApiError } from '../../plugins/errors.ts';
import { sameSecret } from '../../secret-compare.ts';
import { listOutboxMails } from './mail.repository.ts';
import { resolveOperatorKey } from './operator-key.ts';
import { renderOutboxPage } from './outbox-page.ts';

/** The operator's window on mail kept by a server without SMTP. */
export function createOutboxService(context: AppContext) {
  const key = resolveOperatorKey(context.config);
  return {
    address: `${context.config.publicUrl}/api/outbox?key=${key}`,
    async renderFor(givenKey: string, to?: string): Promise<string> {
      if (!sameSecret(givenKey, key)) throw new ApiError(403, 'Forbidden', 'The operator key is not valid.');
      return renderOutboxPage(await listOutboxMails(context.database.db, 50, to));
    },
  };
}
