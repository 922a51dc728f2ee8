import { describe, expect, it } from 'vitest';
import { coveredShareOf, endingCommitmentInScope } from './commitment-end-in-scope.ts';
import { commitmentEndsInMonth, type EndingCommitment } from './commitment-forecast.ts';

/** Over its latest 30 days the plan cost $720 and paid for usage worth $1,440 On-Demand: $1 an hour more. */
const plan: EndingCommitment = {
  id: 'arn:aws:savingsplans::111111111111:savingsplan/sp-1',
  type: 'Compute Savings Plan',
  endsAt: '2026-11-20T00:00:00.000Z',
  last30Days: { onDemandEquivalent: 1_440, commitmentCost: 720 },
};
const whole = { onDemand: 1_440, hours: 720 };
const NOVEMBER_12 = { today: '2026-11-12', firstPredicted: '2026-11-11' };
const extraOf = (commitment: EndingCommitment | null) =>
  commitment ? (commitmentEndsInMonth({ commitments: [commitment], ...NOVEMBER_12 })[0]?.extra ?? null) : 0;

describe("a team's part of a commitment ending within the month", () => {
  it('carries the end in proportion to the covered usage On-Demand in its scope', () => {
    const part = endingCommitmentInScope(plan, { inScope: { onDemand: 360, hours: 500 }, whole });
    expect(part?.last30Days).toEqual({ onDemandEquivalent: 360, commitmentCost: 180 });
    // A quarter of the covered usage: a quarter of the organization's 264 hours at $1.
    expect(extraOf(part)).toBeCloseTo(66, 9);
  });

  it('carries none of it when none of the covered usage is in its scope', () => {
    expect(endingCommitmentInScope(plan, { inScope: { onDemand: 0, hours: 0 }, whole })).toBeNull();
  });

  it('never carries more than the whole, and disjoint scopes add up to the whole', () => {
    const parts = [900, 540].map((onDemand) =>
      extraOf(endingCommitmentInScope(plan, { inScope: { onDemand, hours: 0 }, whole })),
    );
    expect((parts[0] ?? 0) + (parts[1] ?? 0)).toBeCloseTo(extraOf(plan) ?? 0, 9);
    expect(coveredShareOf({ onDemand: 2_000, hours: 0 }, whole)).toBe(1);
  });

  it('shares by hours when the bill does not say the covered usage On-Demand cost', () => {
    expect(coveredShareOf({ onDemand: null, hours: 180 }, { onDemand: null, hours: 720 })).toBe(0.25);
    const unknown = { ...plan, last30Days: null };
    const part = endingCommitmentInScope(unknown, {
      inScope: { onDemand: null, hours: 180 },
      whole: { onDemand: null, hours: 720 },
    });
    expect(part).toEqual(unknown);
  });
});
