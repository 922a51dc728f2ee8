import { describe, expect, it } from 'vitest';
import {
  allocateCreditUse,
  CREDIT_CODE_PATTERN,
  type CreditGrantFacts,
  creditBalance,
  creditCodeFromBytes,
  creditCodeProblem,
  creditGrantState,
  normalizeCreditCode,
  usdToCents,
} from './credits.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-22T12:00:00Z');
const grant = (id: string, remainingCents: number, expiresAt: string | null, grantedAt = '2026-11-01') => ({
  id,
  amountCents: 10_000,
  remainingCents,
  expiresAt: expiresAt ? at(`${expiresAt}T00:00:00Z`) : null,
  grantedAt: at(`${grantedAt}T00:00:00Z`),
});

describe('a credit grant', () => {
  it('is available while it has money left and has not expired', () => {
    expect(creditGrantState(grant('a', 500, '2026-12-01'), now)).toBe('available');
    expect(creditGrantState(grant('a', 500, null), now)).toBe('available');
  });
  it('is used once nothing is left', () => {
    expect(creditGrantState(grant('a', 0, '2026-12-01'), now)).toBe('used');
  });
  it('expires at its expiry instant', () => {
    expect(creditGrantState(grant('a', 500, '2026-11-22'), at('2026-11-22T00:00:00Z'))).toBe('expired');
  });
});

describe('the balance', () => {
  const grants: CreditGrantFacts[] = [
    grant('never', 2_500, null),
    grant('soon', 1_000, '2026-12-10'),
    grant('later', 4_000, '2027-06-01'),
    grant('lapsed', 700, '2026-11-01'),
    grant('spent', 0, '2026-12-01'),
  ];
  it('adds what is available, says what lapses within 30 days and what lapsed', () => {
    expect(creditBalance(grants, now)).toEqual({
      availableCents: 7_500,
      expiringSoonCents: 1_000,
      expiredCents: 700,
      nextExpiry: at('2026-12-10T00:00:00Z'),
    });
  });
  it('is zero without grants', () => {
    expect(creditBalance([], now)).toEqual({
      availableCents: 0,
      expiringSoonCents: 0,
      expiredCents: 0,
      nextExpiry: null,
    });
  });
});

describe('paying an invoice with credit', () => {
  const grants = [
    grant('never', 5_000, null, '2026-10-01'),
    grant('later', 3_000, '2027-06-01'),
    grant('soon', 1_000, '2026-12-10'),
    grant('lapsed', 9_000, '2026-11-01'),
  ];
  it('spends the credit that lapses first, never lapsed credit', () => {
    expect(allocateCreditUse(grants, 4_900, now)).toEqual([
      { grantId: 'soon', cents: 1_000 },
      { grantId: 'later', cents: 3_000 },
      { grantId: 'never', cents: 900 },
    ]);
  });
  it('spends no more than there is', () => {
    const total = allocateCreditUse(grants, 1_000_000, now).reduce((sum, part) => sum + part.cents, 0);
    expect(total).toBe(9_000);
  });
});

describe('redeeming a code', () => {
  const code = { expiresAt: at('2026-12-31T00:00:00Z'), maxUses: 2, uses: 1 };
  it('works while it is valid and has uses left', () => {
    expect(creditCodeProblem(code, { redeemedByThisOrganization: false, now })).toBeNull();
  });
  it('is refused twice for the same organization', () => {
    expect(creditCodeProblem(code, { redeemedByThisOrganization: true, now })).toBe('already-redeemed');
  });
  it('is refused after it expired', () => {
    expect(
      creditCodeProblem(code, { redeemedByThisOrganization: false, now: at('2026-12-31T00:00:00Z') }),
    ).toBe('expired');
  });
  it('is refused once other organizations used all its uses', () => {
    expect(creditCodeProblem({ ...code, uses: 2 }, { redeemedByThisOrganization: false, now })).toBe(
      'used-up',
    );
  });
});

describe('credit codes', () => {
  it('read like SG-XXXX-XXXX-XXXX without look-alike characters', () => {
    const code = creditCodeFromBytes(new Uint8Array(12).map((_, index) => index * 21));
    expect(code).toMatch(CREDIT_CODE_PATTERN);
    expect(code).not.toMatch(/[01IOL]/);
  });
  it('are accepted whatever the case, spaces or dashes', () => {
    expect(normalizeCreditCode(' sg-7kqm x2pd-h9rt ')).toBe('SG-7KQM-X2PD-H9RT');
    expect(normalizeCreditCode('7KQMX2PDH9RT')).toBe('SG-7KQM-X2PD-H9RT');
  });
  it('carry amounts in exact cents', () => {
    expect(usdToCents('49.99')).toBe(4_999);
    expect(usdToCents(0.1 + 0.2)).toBe(30);
  });
});
