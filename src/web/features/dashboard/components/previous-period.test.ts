import { describe, expect, it } from 'vitest';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { isCompared, uncomparedBecause } from './previous-period.ts';

const yearOf2026 = (
  notCompared: BillingData['previous_period']['not_compared'],
  missingMonths: string[] = [],
) =>
  ({
    visible_from: '2026-09-01',
    data_from: '2025-11-01',
    previous_period: {
      start_date: '2025-01-01',
      end_date: '2025-11-28',
      total: 22_000,
      series: [],
      through_today: true,
      before_visible_history: notCompared === 'plan_history',
      not_compared: notCompared,
      missing_months: missingMonths,
    },
  }) as unknown as BillingData;

describe('why a previous period is not compared', () => {
  it('names where the data starts, and the period it would have compared', () => {
    expect(uncomparedBecause(yearOf2026('before_data'))).toEqual({
      short: 'No data before Nov 1, 2025 to compare with',
      sentence:
        'Not compared: the previous period (Jan 1 – Nov 28, 2025) starts before your data does (Nov 1, 2025).',
    });
    expect(isCompared(yearOf2026('before_data'))).toBe(false);
  });

  it("names the plan's history when the plan hides the start", () => {
    expect(uncomparedBecause(yearOf2026('plan_history'))?.short).toBe(
      "Your plan's history starts Sep 1, 2026",
    );
    expect(isCompared(yearOf2026('plan_history'))).toBe(false);
  });

  it('compares when the server says nothing stands in the way', () => {
    expect(uncomparedBecause(yearOf2026(null))).toBeNull();
    expect(isCompared(yearOf2026(null))).toBe(true);
  });

  it('names the months with no bill when the data has a hole in the previous period', () => {
    const gap = yearOf2026('data_gap', ['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(uncomparedBecause(gap)).toEqual({
      short: 'No bill data for Jan – Mar 2025 to compare with',
      sentence:
        'Not compared: your data holds no bill for Jan – Mar 2025, inside the previous period (Jan 1 – Nov 28, 2025).',
    });
    expect(isCompared(gap)).toBe(false);
  });
});
