/**
 * Double opt-in mails to an organization's added alert addresses (docs/decisions/076): an address is
 * asked to confirm at most once an hour per organization, and never once it confirmed or unsubscribed,
 * however often it is removed and added again.
 */

export const CONFIRMATION_MAIL_INTERVAL_MS = 60 * 60 * 1000;

export interface RecipientConfirmationState {
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  /** When the last confirmation mail went to this address for this organization. */
  confirmationSentAt: Date | null;
}

/** The instant before which the last mail must have gone for another to be sent now. */
export function confirmationMailWindowStart(now: Date): Date {
  return new Date(now.getTime() - CONFIRMATION_MAIL_INTERVAL_MS);
}

/** Whether the address may be mailed a confirmation link now. */
export function confirmationMailDue(state: RecipientConfirmationState, now: Date): boolean {
  if (state.confirmedAt !== null || state.unsubscribedAt !== null) return false;
  return state.confirmationSentAt === null || state.confirmationSentAt <= confirmationMailWindowStart(now);
}
