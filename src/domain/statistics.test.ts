import { describe, expect, it } from 'vitest';
import {
  mean,
  meanAbsolutePercentageError,
  median,
  medianAbsoluteDeviation,
  percentile,
  robustStandardDeviation,
  standardDeviation,
  theilSenSlope,
} from './statistics.ts';
import { seededRandom } from './testing/synthetic-daily-costs.ts';

describe('percentiles by linear interpolation between closest ranks', () => {
  const oneToHundredOne = Array.from({ length: 101 }, (_, i) => i);
  it('reads a rank that falls on a value exactly', () => {
    expect(percentile(oneToHundredOne, 99)).toBe(99);
    expect(percentile([5, 1, 3], 50)).toBe(3);
  });
  it('interpolates between the two neighbouring values', () => {
    // rank 0.995 x 100 = 99.5 -> halfway between 99 and 100
    expect(percentile(oneToHundredOne, 99.5)).toBeCloseTo(99.5, 10);
    expect(percentile([10, 20], 25)).toBe(12.5);
  });
  it('gives the extremes at 0 and 100 and the value itself for one value', () => {
    expect(percentile([4, 9, 1], 0)).toBe(1);
    expect(percentile([4, 9, 1], 100)).toBe(9);
    expect(percentile([7], 99.5)).toBe(7);
  });
  it('matches NumPy on 336 hourly values (14 days): p99.5 sits between the two highest', () => {
    const hours = Array.from({ length: 336 }, (_, i) => i / 10);
    // rank 0.995 x 335 = 333.325
    expect(percentile(hours, 99.5)).toBeCloseTo(33.3325, 10);
  });
  it('refuses no values and percentages outside 0-100', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('robust centre and spread', () => {
  it('takes the median of an even count as the midpoint', () => expect(median([1, 2, 3, 10])).toBe(2.5));
  it('is not moved by one wild value', () => {
    expect(median([10, 10, 11, 9, 1000])).toBe(10);
    expect(medianAbsoluteDeviation([10, 10, 11, 9, 1000])).toBe(1);
    expect(robustStandardDeviation([10, 10, 11, 9, 1000])).toBeCloseTo(1.4826, 6);
  });
  it('has a plain mean and sample standard deviation too', () => {
    expect(mean([1, 2, 3])).toBe(2);
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(standardDeviation([3])).toBe(0);
  });
});

describe('Theil-Sen trend', () => {
  it('finds the slope of a straight line', () => expect(theilSenSlope([1, 3, 5, 7, 9])).toBe(2));
  it('ignores a single spike', () => expect(theilSenSlope([10, 11, 12, 500, 14, 15, 16])).toBe(1));
  it('is flat for a single point', () => expect(theilSenSlope([5])).toBe(0));
});

describe('mean absolute percentage error', () => {
  it('averages the absolute errors relative to the actual values', () => {
    expect(
      meanAbsolutePercentageError([
        { actual: 100, predicted: 110 },
        { actual: 200, predicted: 180 },
      ]),
    ).toBeCloseTo(10, 10);
  });
  it('skips actual zeros and is unknown when nothing is left', () => {
    expect(meanAbsolutePercentageError([{ actual: 0, predicted: 5 }])).toBeNull();
  });
});

describe('percentile by selection', () => {
  it('equals the sorted-ranks definition on many random lists, ties and signs included', () => {
    const random = seededRandom(42);
    for (let run = 0; run < 2000; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        random() < 0.3 ? Math.floor(random() * 5) : random() * 100 - 50,
      );
      const p = [0, 50, 80, 100, random() * 100][run % 5]!;
      const sorted = [...values].sort((a, b) => a - b);
      const rank = (p / 100) * (sorted.length - 1);
      const low = sorted[Math.floor(rank)]!;
      const expected = low + (sorted[Math.ceil(rank)]! - low) * (rank - Math.floor(rank));
      expect(percentile(values, p)).toBe(expected);
    }
  });
  it('leaves its input untouched', () => {
    const values = [5, 1, 4, 2, 3];
    percentile(values, 50);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });
});
