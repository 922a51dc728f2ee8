import { describe, expect, it } from 'vitest';
import { commitmentPartInScope } from './commitment-part-in-scope.ts';

describe("a scope's part of a commitment billed elsewhere", () => {
  it('takes its share of the used commitment by covered On-Demand cost, and saves the rest of that cost', () => {
    const part = commitmentPartInScope(
      { inScope: { onDemand: 60, hours: 24 }, whole: { onDemand: 90, hours: 48 } },
      { whole: 40, inScope: 0 },
    );
    expect(part?.share).toBeCloseTo(60 / 90, 12);
    expect(part?.cost).toBeCloseTo((40 * 60) / 90, 12);
    expect(part?.netSavings).toBeCloseTo(60 - (40 * 60) / 90, 12);
    expect(part?.coveredHours).toBe(24);
  });

  it('falls back to hours when the bill does not say the On-Demand cost, and then knows no saving', () => {
    const part = commitmentPartInScope(
      { inScope: { onDemand: null, hours: 30 }, whole: { onDemand: null, hours: 120 } },
      { whole: 100, inScope: 0 },
    );
    expect(part).toEqual({
      share: 0.25,
      coveredOnDemand: null,
      coveredHours: 30,
      cost: 25,
      netSavings: null,
    });
  });

  it('is nothing for a scope none of whose usage it paid for, and never divides by zero', () => {
    expect(
      commitmentPartInScope(
        { inScope: { onDemand: 0, hours: 0 }, whole: { onDemand: 90, hours: 48 } },
        { whole: 40, inScope: 0 },
      ),
    ).toBeNull();
    expect(
      commitmentPartInScope(
        { inScope: { onDemand: 0, hours: 0 }, whole: { onDemand: 0, hours: 0 } },
        { whole: 0, inScope: 0 },
      ),
    ).toBeNull();
  });

  it("takes the used part the bill charges in the scope's accounts where it does, not a share", () => {
    const part = commitmentPartInScope(
      { inScope: { onDemand: 5.52, hours: 24 }, whole: { onDemand: 11.04, hours: 48 } },
      { whole: 7.2, inScope: 3.9 },
    );
    expect(part?.cost).toBe(3.9);
    expect(part?.netSavings).toBeCloseTo(5.52 - 3.9, 12);
  });
});
