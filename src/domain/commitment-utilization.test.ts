import { describe, expect, it } from 'vitest';
import {
  type CommitmentTerm,
  coverageOf,
  dayShareOfPeriod,
  daySharesOfPeriod,
  utilizationOf,
} from './commitment-utilization.ts';

describe('commitment utilization', () => {
  it('is used over total, the rest unused, the saving the on-demand equivalent less the commitment', () => {
    expect(utilizationOf({ totalCommitment: 24, usedCommitment: 20.75, onDemandEquivalent: 31.2 })).toEqual({
      totalCommitment: 24,
      usedCommitment: 20.75,
      unusedCommitment: 3.25,
      utilizationPercent: (20.75 / 24) * 100,
      onDemandEquivalent: 31.2,
      netSavings: 7.2,
    });
  });

  it('keeps exact cents where floats would drift (0.3 - 0.1)', () => {
    expect(
      utilizationOf({ totalCommitment: 0.3, usedCommitment: 0.1, onDemandEquivalent: 0.1 }),
    ).toMatchObject({ unusedCommitment: 0.2, netSavings: -0.2 });
  });

  it('never divides by a zero commitment, and says so with null', () => {
    expect(utilizationOf({ totalCommitment: 0, usedCommitment: 0, onDemandEquivalent: 0 })).toMatchObject({
      utilizationPercent: null,
      unusedCommitment: 0,
      netSavings: 0,
    });
  });

  it('leaves the saving unknown, not $0, when the on-demand equivalent is unknown', () => {
    expect(
      utilizationOf({ totalCommitment: 10, usedCommitment: 5, onDemandEquivalent: null }).netSavings,
    ).toBe(null);
  });
});

describe('commitment coverage', () => {
  it('is covered over all eligible usage, in dollars and in hours', () => {
    const coverage = coverageOf({
      coveredOnDemandCost: 30,
      uncoveredOnDemandCost: 10,
      coveredHours: 48,
      uncoveredHours: 16,
    });
    expect(coverage).toEqual({
      coveredOnDemandCost: 30,
      eligibleOnDemandCost: 40,
      costCoveragePercent: 75,
      coveredHours: 48,
      eligibleHours: 64,
      hoursCoveragePercent: 75,
    });
  });

  it('has no coverage figure, not a division by zero, without eligible usage', () => {
    expect(
      coverageOf({ coveredOnDemandCost: 0, uncoveredOnDemandCost: 0, coveredHours: 0, uncoveredHours: 0 }),
    ).toMatchObject({ costCoveragePercent: null, hoursCoveragePercent: null });
  });
});

describe("a billing period's amount spread over its days", () => {
  const wholeMonth = { startsAt: null, endsAt: null };

  it('gives each day of a 30-day month a thirtieth', () => {
    expect(dayShareOfPeriod('2026-11-07', '2026-11-01', wholeMonth)).toBeCloseTo(1 / 30, 12);
  });

  it('gives the days outside the term nothing, and the days inside add up to the whole', () => {
    const term = { startsAt: '2026-11-20T12:00:00Z', endsAt: null };
    expect(dayShareOfPeriod('2026-11-19', '2026-11-01', term)).toBe(0);
    let sum = 0;
    for (let day = 1; day <= 30; day += 1)
      sum += dayShareOfPeriod(`2026-11-${String(day).padStart(2, '0')}`, '2026-11-01', term);
    expect(sum).toBeCloseTo(1, 12);
    expect(dayShareOfPeriod('2026-11-20', '2026-11-01', term)).toBeCloseTo(12 / (10 * 24 + 12), 12);
  });

  it('is zero when the term covers no hour of the period', () => {
    expect(
      dayShareOfPeriod('2026-11-07', '2026-11-01', { startsAt: null, endsAt: '2026-10-01T00:00:00Z' }),
    ).toBe(0);
  });

  it('gives many days at once exactly the shares it gives each day alone', () => {
    const days = Array.from({ length: 31 }, (_, index) => `2026-10-${String(index + 1).padStart(2, '0')}`);
    const terms: Array<[CommitmentTerm, number]> = [
      [wholeMonth, 1],
      [{ startsAt: '2026-10-03T07:00:00Z', endsAt: '2026-10-20T00:00:00Z' }, 1],
      [{ startsAt: null, endsAt: '2026-09-01T00:00:00Z' }, 0],
    ];
    for (const [term, monthShare] of terms) {
      const dayStarts = days.map((day) => Date.parse(`${day}T00:00:00Z`));
      const shares = daySharesOfPeriod(dayStarts, '2026-10-01', term);
      expect(shares).toEqual(days.map((day) => dayShareOfPeriod(day, '2026-10-01', term)));
      expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(monthShare, 12);
    }
  });
});
