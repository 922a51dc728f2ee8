import { describe, expect, it } from 'vitest';
import { commitmentEndText } from './commitment-end-text.ts';

const end = {
  commitment_id: 'arn:aws:savingsplans::111111111111:savingsplan/sp-1',
  type: 'Compute Savings Plan',
  ends_at: '2026-11-20T00:00:00.000Z',
  ends_on: '2026-11-20',
};

describe('what the forecast card says of a commitment ending this month', () => {
  it('names what the forecast includes from its end, and which plan', () => {
    expect(commitmentEndText({ ...end, extra_usd: 4_210.4 })).toBe(
      'Includes $4,210 more from Nov 20, when Compute Savings Plan ends',
    );
  });

  it('says less when the plan cost more than the usage it paid for', () => {
    expect(commitmentEndText({ ...end, extra_usd: -120 })).toBe(
      'Includes $120.00 less from Nov 20, when Compute Savings Plan ends',
    );
  });

  it('says the increase is not included when the bill cannot price it', () => {
    expect(commitmentEndText({ ...end, extra_usd: null })).toBe(
      "Compute Savings Plan ends Nov 20: the bill does not say its usage's On-Demand cost, so the increase is not included",
    );
  });
});
