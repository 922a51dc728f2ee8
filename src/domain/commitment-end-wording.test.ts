import { describe, expect, it } from 'vitest';
import { commitmentEndSentence } from './commitment-end-wording.ts';

const end = { type: 'Compute Savings Plan', ends_on: '2026-11-20', extra_usd: 462 };
const dollars = (amount: number) => `$${amount.toFixed(2)}`;

describe('what a forecast says of a commitment ending within its days', () => {
  it('names the commitment by its type, or by what the caller gives (an alert names the plan)', () => {
    expect(commitmentEndSentence(end, dollars)).toBe(
      'Includes $462.00 more from Nov 20, when Compute Savings Plan ends',
    );
    expect(commitmentEndSentence(end, dollars, 'Compute Savings Plan sp-1')).toBe(
      'Includes $462.00 more from Nov 20, when Compute Savings Plan sp-1 ends',
    );
  });

  it('writes dollars the way its caller does', () => {
    expect(commitmentEndSentence({ ...end, extra_usd: -12.5 }, (amount) => `USD ${amount}`)).toBe(
      'Includes USD 12.5 less from Nov 20, when Compute Savings Plan ends',
    );
  });
});
