import { describe, expect, it } from 'vitest';
import { niceUsdAxis, tallestStackOf } from './spend-axis.ts';
import { formatUsdAxis } from './spend-format.ts';

/** What the y-axis reads, bottom to top, when the tallest bar is worth `tallest` dollars. */
function labelsFor(tallest: number): string[] {
  const axis = niceUsdAxis(tallest);
  return axis.ticks.map((tick) => formatUsdAxis(tick, axis.step));
}

describe('the spend chart y-axis', () => {
  it('steps by round amounts from $0 to the first tick at or above the tallest bar', () => {
    expect(labelsFor(2_250)).toEqual(['$0', '$500', '$1K', '$1.5K', '$2K', '$2.5K']);
    expect(labelsFor(28_740)).toEqual(['$0', '$10K', '$20K', '$30K']);
    expect(labelsFor(260)).toEqual(['$0', '$100', '$200', '$300']);
    expect(labelsFor(1_234_567)).toEqual(['$0', '$250K', '$500K', '$750K', '$1M', '$1.25M']);
    expect(niceUsdAxis(28_740).max).toBe(30_000);
  });

  it('ends on the tallest bar when that is already a round amount', () => {
    expect(niceUsdAxis(2_500).max).toBe(2_500);
    expect(niceUsdAxis(2_500.000_000_1).max).toBe(2_500);
  });

  it('writes cents when the steps are fractions of a dollar', () => {
    expect(labelsFor(1.7)).toEqual(['$0.00', '$0.50', '$1.00', '$1.50', '$2.00']);
    expect(labelsFor(0.3)).toEqual(['$0.00', '$0.10', '$0.20', '$0.30']);
  });

  it('never steps by less than a cent, so a fraction of a cent sits under $0.01', () => {
    expect(labelsFor(0.004)).toEqual(['$0.00', '$0.01']);
  });

  it('draws $0 and $1 when there is no spend to show', () => {
    expect(niceUsdAxis(0)).toEqual({ ticks: [0, 1], max: 1, step: 1 });
    expect(niceUsdAxis(Number.NaN)).toEqual({ ticks: [0, 1], max: 1, step: 1 });
  });

  it('keeps between 4 and 6 ticks from a dollar up', () => {
    for (const tallest of [1, 3.3, 7, 12, 99, 101, 640, 999, 4_321, 77_777, 3e6, 9.99e8]) {
      const { ticks, max } = niceUsdAxis(tallest);
      expect(ticks.length, `ticks for $${tallest}`).toBeGreaterThanOrEqual(4);
      expect(ticks.length, `ticks for $${tallest}`).toBeLessThanOrEqual(6);
      expect(max).toBeGreaterThanOrEqual(tallest);
    }
  });
});

describe('the tallest bar of a stacked chart', () => {
  const rows: Array<Record<string, string | number>> = [
    { period: 'Nov 1', EC2: 1_200, S3: 900, Other: 150 },
    { period: 'Nov 2', EC2: 1_500, S3: 100 },
  ];

  it('is the largest total of a bucket, not the largest single amount', () => {
    expect(tallestStackOf(rows, ['EC2', 'S3', 'Other'])).toBe(2_250);
  });

  it('leaves out series the legend has hidden', () => {
    expect(tallestStackOf(rows, ['EC2', 'Other'])).toBe(1_500);
  });

  it('reaches as high as usage goes before a credit drawn after it', () => {
    expect(tallestStackOf([{ period: 'Nov 1', EC2: 100, Credits: -100 }], ['EC2', 'Credits'])).toBe(100);
  });

  it('is $0 with no buckets or no series', () => {
    expect(tallestStackOf([], ['EC2'])).toBe(0);
    expect(tallestStackOf(rows, [])).toBe(0);
  });
});
