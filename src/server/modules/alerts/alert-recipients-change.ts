import type { Kysely, Transaction } from 'kysely';
import { confirmationMailDue, confirmationMailWindowStart } from '../../../domain/recipient-confirmation.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { claimConfirmationMail, setRecipients } from './alert-recipients.repository.ts';

/**
 * Makes `emails` the organization's added alert addresses (decision 076) and returns those to ask for a
 * confirmation now: added (or added again), neither confirmed nor unsubscribed, and not mailed within
 * the hour. Their mail is recorded here; the caller sends it once its transaction is committed.
 */
export async function changeRecipients(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  change: { organizationId: string; emails: readonly string[]; addedBy: string; now: Date },
): Promise<Array<{ id: string; email: string }>> {
  const { organizationId, addedBy, now } = change;
  const added = await setRecipients(db, organizationId, [...new Set(change.emails)], addedBy, now);
  const toAsk: Array<{ id: string; email: string }> = [];
  for (const recipient of added) {
    const state = {
      confirmedAt: recipient.confirmed_at,
      unsubscribedAt: recipient.unsubscribed_at,
      confirmationSentAt: recipient.confirmation_sent_at,
    };
    if (!confirmationMailDue(state, now)) continue;
    if (await claimConfirmationMail(db, recipient.id, now, confirmationMailWindowStart(now)))
      toAsk.push({ id: recipient.id, email: recipient.email });
  }
  return toAsk;
}
