/**
 * Credits: an operator issues a code worth an amount in USD, an organization redeems it
 * once, and the credit pays part of its next invoices until it is used up or expires. Amounts here
 * are whole cents.
 */

const MS_PER_DAY = 86_400_000;
/** Credits that lapse within this many days are shown as "expiring soon". */
export const CREDIT_EXPIRY_WARNING_DAYS = 30;

export interface CreditGrantFacts {
  id: string;
  amountCents: number;
  remainingCents: number;
  expiresAt: Date | null;
  grantedAt: Date;
}

export type CreditGrantState = 'available' | 'used' | 'expired';

export function creditGrantState(grant: CreditGrantFacts, now: Date): CreditGrantState {
  if (grant.remainingCents <= 0) return 'used';
  if (grant.expiresAt && grant.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'available';
}

export interface CreditBalance {
  availableCents: number;
  /** Part of the available credit that lapses within CREDIT_EXPIRY_WARNING_DAYS. */
  expiringSoonCents: number;
  /** Credit that lapsed unused. */
  expiredCents: number;
  nextExpiry: Date | null;
}

export function creditBalance(grants: readonly CreditGrantFacts[], now: Date): CreditBalance {
  const soon = now.getTime() + CREDIT_EXPIRY_WARNING_DAYS * MS_PER_DAY;
  const balance: CreditBalance = {
    availableCents: 0,
    expiringSoonCents: 0,
    expiredCents: 0,
    nextExpiry: null,
  };
  for (const grant of grants) {
    const state = creditGrantState(grant, now);
    if (state === 'expired') balance.expiredCents += grant.remainingCents;
    if (state !== 'available') continue;
    balance.availableCents += grant.remainingCents;
    if (!grant.expiresAt) continue;
    if (grant.expiresAt.getTime() <= soon) balance.expiringSoonCents += grant.remainingCents;
    if (!balance.nextExpiry || grant.expiresAt < balance.nextExpiry) balance.nextExpiry = grant.expiresAt;
  }
  return balance;
}

const byExpiryThenAge = (a: CreditGrantFacts, b: CreditGrantFacts) =>
  (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) -
    (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) || a.grantedAt.getTime() - b.grantedAt.getTime();

/** Which grants pay `cents` of an invoice: the credit that lapses first is spent first. */
export function allocateCreditUse(
  grants: readonly CreditGrantFacts[],
  cents: number,
  now: Date,
): Array<{ grantId: string; cents: number }> {
  const allocation: Array<{ grantId: string; cents: number }> = [];
  let left = cents;
  const spendable = grants
    .filter((grant) => creditGrantState(grant, now) === 'available')
    .sort(byExpiryThenAge);
  for (const grant of spendable) {
    if (left <= 0) break;
    const taken = Math.min(grant.remainingCents, left);
    allocation.push({ grantId: grant.id, cents: taken });
    left -= taken;
  }
  return allocation;
}

export interface CreditCodeFacts {
  expiresAt: Date | null;
  maxUses: number;
  uses: number;
}

export type CreditCodeProblem = 'already-redeemed' | 'expired' | 'used-up';

/** Why a code cannot be redeemed by this organization now, or null when it can. */
export function creditCodeProblem(
  code: CreditCodeFacts,
  context: { redeemedByThisOrganization: boolean; now: Date },
): CreditCodeProblem | null {
  if (context.redeemedByThisOrganization) return 'already-redeemed';
  if (code.expiresAt && code.expiresAt.getTime() <= context.now.getTime()) return 'expired';
  if (code.uses >= code.maxUses) return 'used-up';
  return null;
}

/** No 0/O or 1/I/L: a code read aloud or copied from paper still works. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_GROUPS = 3;
const GROUP_LENGTH = 4;
export const CREDIT_CODE_PATTERN = /^SG(-[A-HJKMNP-Z2-9]{4}){3}$/;

/**
 * A code like SG-7KQM-X2PD-H9RT from random bytes (one byte per symbol, at least 12): about 59 bits,
 * the small modulo bias of 256 over 31 symbols costs well under a bit.
 */
export function creditCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < CODE_GROUPS * GROUP_LENGTH) throw new RangeError('need 12 random bytes');
  const symbols = Array.from(bytes.subarray(0, CODE_GROUPS * GROUP_LENGTH), (byte) =>
    CODE_ALPHABET.charAt(byte % CODE_ALPHABET.length),
  ).join('');
  const groups = symbols.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g')) ?? [];
  return ['SG', ...groups].join('-');
}

/** What a person types, in the form codes are issued: case, spaces and dashes do not matter. */
export function normalizeCreditCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  const body = compact.startsWith('SG') ? compact.slice(2) : compact;
  const groups = body.match(new RegExp(`.{1,${GROUP_LENGTH}}`, 'g')) ?? [];
  return ['SG', ...groups].join('-');
}

/** Cents of a USD amount stored as numeric(12, 2) text or a number. */
export function usdToCents(usd: string | number): number {
  return Math.round(Number(usd) * 100);
}

export function centsToUsd(cents: number): number {
  return cents / 100;
}
