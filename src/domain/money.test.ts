import { describe, expect, it } from 'vitest';
import {
  exceedsAverageByMoreThan,
  formatUsd,
  isAtLeast,
  isMoreThan,
  percentOf,
  reachesPercentOf,
  roundToCents,
  sumUsd,
  toMicroUsd,
} from './money.ts';

describe('rounding to cents', () => {
  it('rounds halves away from zero, even where binary floats land just below the half', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.675)).toBe(2.68);
    expect(roundToCents(-1.005)).toBe(-1.01);
  });
  it('leaves whole cents alone', () => {
    expect(roundToCents(123.45)).toBe(123.45);
    expect(roundToCents(0)).toBe(0);
  });
});

describe('summing amounts', () => {
  it('adds ten dimes to exactly one dollar', () => {
    expect(sumUsd(Array.from({ length: 10 }, () => 0.1))).toBe(1);
  });
  it('adds 0.1 and 0.2 to exactly 0.3', () => expect(sumUsd([0.1, 0.2])).toBe(0.3));
  it('keeps credits negative', () => expect(sumUsd([10, -2.5])).toBe(7.5));
  it('refuses something that is not an amount', () => {
    expect(() => toMicroUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('reaching a percentage of a whole', () => {
  it('counts spend exactly at the percentage as reached', () => {
    expect(reachesPercentOf(80, 80, 100)).toBe(true);
    expect(reachesPercentOf(0.1 + 0.2, 30, 1)).toBe(true);
  });
  it('does not count one micro-dollar below the percentage', () => {
    expect(reachesPercentOf(79.999999, 80, 100)).toBe(false);
  });
  it('works with fractional percentages', () => {
    expect(reachesPercentOf(12.5, 12.5, 100)).toBe(true);
    expect(reachesPercentOf(12.49, 12.5, 100)).toBe(false);
  });
  it('stays exact for large bills', () => {
    expect(reachesPercentOf(8_000_000, 80, 10_000_000)).toBe(true);
    expect(reachesPercentOf(7_999_999.99, 80, 10_000_000)).toBe(false);
  });
});

describe('exceeding an average by more than a percentage', () => {
  it('does not fire at exactly the percentage above the average', () => {
    // average of 7 days totalling 700 is 100; 50% above it is 150
    expect(exceedsAverageByMoreThan(150, 50, 700, 7)).toBe(false);
  });
  it('fires one micro-dollar above it', () => {
    expect(exceedsAverageByMoreThan(150.000001, 50, 700, 7)).toBe(true);
  });
  it('handles averages that are not whole cents without rounding them', () => {
    // average 10/7 = 1.428571...; 100% above is 2.857142...
    expect(exceedsAverageByMoreThan(2.857142, 100, 10, 7)).toBe(false);
    expect(exceedsAverageByMoreThan(2.857143, 100, 10, 7)).toBe(true);
  });
  it('needs a positive whole number of days', () => {
    expect(() => exceedsAverageByMoreThan(1, 10, 7, 0)).toThrow(RangeError);
  });
});

describe('comparing amounts', () => {
  it('treats amounts equal to the micro-dollar as equal', () => {
    expect(isMoreThan(0.1 + 0.2, 0.3)).toBe(false);
    expect(isAtLeast(0.1 + 0.2, 0.3)).toBe(true);
  });
  it('tells a real difference apart', () => {
    expect(isMoreThan(0.300001, 0.3)).toBe(true);
    expect(isAtLeast(0.299999, 0.3)).toBe(false);
  });
});

describe('percent of a whole', () => {
  it('is the share in percent', () => expect(percentOf(25, 200)).toBe(12.5));
  it('is unknown without a positive whole', () => expect(percentOf(5, 0)).toBeNull());
});

describe('writing an amount in server wording', () => {
  it('groups thousands and shows cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.499)).toBe('$0.50');
  });

  it('drops the cents of whole dollars only when asked (a rule named after its limit)', () => {
    expect(formatUsd(100, { cents: 'when-fractional' })).toBe('$100');
    expect(formatUsd(0.5, { cents: 'when-fractional' })).toBe('$0.50');
    expect(formatUsd(100)).toBe('$100.00');
  });
});
