import { describe, expect, it } from 'vitest';
import { bucketLabelInterval, MOST_BUCKET_LABELS, niceUsdAxis, stackRangeOf } from './spend-axis.ts';
import { formatUsdAxis } from './spend-format.ts';

/** What the y-axis reads, bottom to top, when the tallest bar is worth `tallest` dollars. */
function labelsFor(tallest: number, lowest = 0): string[] {
  const axis = niceUsdAxis({ lowest, highest: tallest });
  return axis.ticks.map((tick) => formatUsdAxis(tick, axis.step));
}

const up = (highest: number) => ({ lowest: 0, highest });

describe('the spend chart y-axis', () => {
  it('steps by round amounts from $0 to the first tick at or above the tallest bar', () => {
    expect(labelsFor(2_250)).toEqual(['$0', '$500', '$1K', '$1.5K', '$2K', '$2.5K']);
    expect(labelsFor(28_740)).toEqual(['$0', '$10K', '$20K', '$30K']);
    expect(labelsFor(260)).toEqual(['$0', '$100', '$200', '$300']);
    expect(labelsFor(1_234_567)).toEqual(['$0', '$250K', '$500K', '$750K', '$1M', '$1.25M']);
    expect(niceUsdAxis(up(28_740)).max).toBe(30_000);
  });

  it('ends on the tallest bar when that is already a round amount', () => {
    expect(niceUsdAxis(up(2_500)).max).toBe(2_500);
    expect(niceUsdAxis(up(2_500.000_000_1)).max).toBe(2_500);
  });

  it('writes cents when the steps are fractions of a dollar', () => {
    expect(labelsFor(1.7)).toEqual(['$0.00', '$0.50', '$1.00', '$1.50', '$2.00']);
    expect(labelsFor(0.3)).toEqual(['$0.00', '$0.10', '$0.20', '$0.30']);
  });

  it('never steps by less than a cent, so a fraction of a cent sits under $0.01', () => {
    expect(labelsFor(0.004)).toEqual(['$0.00', '$0.01']);
  });

  it('draws $0 and $1 when there is no spend to show', () => {
    expect(niceUsdAxis(up(0))).toEqual({ ticks: [0, 1], min: 0, max: 1, step: 1 });
    expect(niceUsdAxis(up(Number.NaN))).toEqual({ ticks: [0, 1], min: 0, max: 1, step: 1 });
  });

  it('reaches below $0 when credits outweigh usage, with ticks there too', () => {
    expect(labelsFor(900, -400)).toEqual(['-$500', '$0', '$500', '$1K']);
    expect(labelsFor(0, -120)).toEqual(['-$125', '-$100', '-$75', '-$50', '-$25', '$0']);
    expect(niceUsdAxis({ lowest: -400, highest: 900 })).toMatchObject({ min: -500, max: 1_000 });
  });

  it('keeps a step above $0 when the tallest bar is a rounding hair', () => {
    expect(niceUsdAxis(up(1e-12)).ticks).toEqual([0, 0.01]);
  });

  it('keeps between 4 and 6 ticks from a dollar up', () => {
    for (const tallest of [1, 3.3, 7, 12, 99, 101, 640, 999, 4_321, 77_777, 3e6, 9.99e8]) {
      const { ticks, max } = niceUsdAxis(up(tallest));
      expect(ticks.length, `ticks for $${tallest}`).toBeGreaterThanOrEqual(4);
      expect(ticks.length, `ticks for $${tallest}`).toBeLessThanOrEqual(6);
      expect(max).toBeGreaterThanOrEqual(tallest);
    }
  });
});

describe('how far the bars of a stacked chart reach', () => {
  const rows: Array<Record<string, string | number>> = [
    { period: 'Nov 1', EC2: 1_200, S3: 900, Other: 150 },
    { period: 'Nov 2', EC2: 1_500, S3: 100 },
  ];

  it('is the largest total of a bucket, not the largest single amount', () => {
    expect(stackRangeOf(rows, ['EC2', 'S3', 'Other'])).toEqual({ lowest: 0, highest: 2_250 });
  });

  it('leaves out series the legend has hidden', () => {
    expect(stackRangeOf(rows, ['EC2', 'Other']).highest).toBe(1_500);
  });

  it('reaches as high as usage goes before a credit drawn after it', () => {
    expect(stackRangeOf([{ period: 'Nov 1', EC2: 100, Credits: -100 }], ['EC2', 'Credits'])).toEqual({
      lowest: 0,
      highest: 100,
    });
    expect(stackRangeOf([{ period: 'Nov 1', Credits: -300, EC2: 100 }], ['Credits', 'EC2'])).toEqual({
      lowest: -300,
      highest: 0,
    });
  });

  it('is $0 with no buckets or no series', () => {
    expect(stackRangeOf([], ['EC2'])).toEqual({ lowest: 0, highest: 0 });
    expect(stackRangeOf(rows, [])).toEqual({ lowest: 0, highest: 0 });
  });
});

describe('the bucket labels under the chart', () => {
  it('shows every other day of a month on a desktop, every eighth on a phone, at an even step', () => {
    expect(bucketLabelInterval(30, MOST_BUCKET_LABELS.desktop)).toBe(1);
    expect(bucketLabelInterval(31, MOST_BUCKET_LABELS.desktop)).toBe(2);
    expect(bucketLabelInterval(30, MOST_BUCKET_LABELS.phone)).toBe(7);
  });

  it('shows every month of a year on a desktop, every third on a phone, and every one when there are few', () => {
    expect(bucketLabelInterval(12, MOST_BUCKET_LABELS.desktop)).toBe(0);
    expect(bucketLabelInterval(12, MOST_BUCKET_LABELS.phone)).toBe(2);
    expect(bucketLabelInterval(1, MOST_BUCKET_LABELS.phone)).toBe(0);
    expect(bucketLabelInterval(0, MOST_BUCKET_LABELS.phone)).toBe(0);
  });
});
