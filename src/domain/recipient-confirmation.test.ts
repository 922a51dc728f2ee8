import { describe, expect, it } from 'vitest';
import { confirmationMailDue } from './recipient-confirmation.ts';

const now = new Date('2026-12-06T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const fresh = { confirmedAt: null, unsubscribedAt: null, confirmationSentAt: null };

describe('confirmation mails to an added alert address', () => {
  it('asks a new address to confirm', () => {
    expect(confirmationMailDue(fresh, now)).toBe(true);
  });

  it('sends at most one per address and hour', () => {
    expect(confirmationMailDue({ ...fresh, confirmationSentAt: minutesAgo(1) }, now)).toBe(false);
    expect(confirmationMailDue({ ...fresh, confirmationSentAt: minutesAgo(59) }, now)).toBe(false);
    expect(confirmationMailDue({ ...fresh, confirmationSentAt: minutesAgo(60) }, now)).toBe(true);
  });

  it('never asks an address that confirmed or unsubscribed', () => {
    expect(confirmationMailDue({ ...fresh, confirmedAt: minutesAgo(600) }, now)).toBe(false);
    expect(confirmationMailDue({ ...fresh, unsubscribedAt: minutesAgo(600) }, now)).toBe(false);
  });
});
