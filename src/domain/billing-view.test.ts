import { describe, expect, it } from 'vitest';
import {
  applyViewMode,
  chooseBucketGranularity,
  comparablePreviousPeriod,
  dataCoveredFrom,
  defaultBillingView,
  formatSelectedTagValues,
  isBillingQueryReady,
  isMonthHeld,
  parseSelectedTagValues,
  previousPeriod,
  previousPeriodCoverage,
} from './billing-view.ts';
import { eachMonth } from './calendar-days.ts';

describe('the default billing view', () => {
  it('shows the current month, not amortized, on the default integration with every tag', () => {
    expect(defaultBillingView('2026-11-22')).toEqual({
      viewMode: 'month',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      tagKey: 'all',
      selectedTagValues: 'All',
      integration: 'default',
      isAmortized: false,
    });
  });
  it('ends February on the leap day in a leap year', () => {
    const view = defaultBillingView('2024-02-10');
    expect([view.startDate, view.endDate]).toEqual(['2024-02-01', '2024-02-29']);
  });
  it('takes integration, tag key and tag values from the saved view_customs', () => {
    const view = defaultBillingView('2026-11-22', {
      integration: 'int_42',
      tag: { tag_name: 'team', tag_values: [{ value: 'platform' }, { value: 'data' }] },
    });
    expect(view.integration).toBe('int_42');
    expect(view.tagKey).toBe('team');
    expect(view.selectedTagValues).toEqual(['platform', 'data']);
  });
  it('falls back for each saved choice that is missing or blank', () => {
    const view = defaultBillingView('2026-11-22', {
      integration: '',
      tag: { tag_name: 'team', tag_values: [] },
    });
    expect(view.integration).toBe('default');
    expect(view.tagKey).toBe('team');
    expect(view.selectedTagValues).toBe('All');
  });
  it('treats a saved view without a tag as every tag', () => {
    const view = defaultBillingView('2026-11-22', { integration: 'int_1', tag: null });
    expect([view.tagKey, view.selectedTagValues]).toEqual(['all', 'All']);
  });
});

describe('view modes', () => {
  it('day mode: both dates are the start date', () => {
    expect(applyViewMode('day', '2024-02-29')).toEqual({
      viewMode: 'day',
      startDate: '2024-02-29',
      endDate: '2024-02-29',
    });
  });
  it('month mode: the whole month of the start date', () => {
    expect(applyViewMode('month', '2026-12-15')).toEqual({
      viewMode: 'month',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });
  it('year mode: the whole year of the start date', () => {
    expect(applyViewMode('year', '2024-02-29')).toEqual({
      viewMode: 'year',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
  });
});

describe('when the billing query may run', () => {
  const view = defaultBillingView('2026-11-22');
  it('runs with user id, integration, tag key and tag values set', () => {
    expect(isBillingQueryReady(view, 'user_1')).toBe(true);
    expect(isBillingQueryReady({ ...view, selectedTagValues: ['a'] }, 'user_1')).toBe(true);
  });
  it('waits for the user id', () => {
    expect(isBillingQueryReady(view, undefined)).toBe(false);
    expect(isBillingQueryReady(view, '')).toBe(false);
  });
  it('waits for an integration, a tag key and at least one tag value', () => {
    expect(isBillingQueryReady({ ...view, integration: '' }, 'user_1')).toBe(false);
    expect(isBillingQueryReady({ ...view, tagKey: ' ' }, 'user_1')).toBe(false);
    expect(isBillingQueryReady({ ...view, selectedTagValues: [] }, 'user_1')).toBe(false);
  });
});

describe('bucket size of the chart', () => {
  it('draws days up to 92 days', () => {
    expect(chooseBucketGranularity('2026-11-01', '2026-11-30')).toBe('day');
    expect(chooseBucketGranularity('2026-10-01', '2026-12-31')).toBe('day'); // exactly 92 days
  });
  it('draws months beyond 92 days', () => {
    expect(chooseBucketGranularity('2026-10-01', '2027-01-01')).toBe('month'); // 93 days
    expect(chooseBucketGranularity('2024-01-01', '2024-12-31')).toBe('month');
  });
});

describe('the previous period', () => {
  it('is the previous whole month for a month', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(previousPeriod('2024-03-01', '2024-03-31')).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
  });
  it('is the previous year for a year, leap or not', () => {
    expect(previousPeriod('2024-01-01', '2024-12-31')).toEqual({
      startDate: '2023-01-01',
      endDate: '2023-12-31',
    });
  });
  it('is the previous quarter for a quarter', () => {
    expect(previousPeriod('2026-10-01', '2026-12-31')).toEqual({
      startDate: '2026-07-01',
      endDate: '2026-09-30',
    });
  });
  it('has the same number of days and ends the day before for any other range', () => {
    expect(previousPeriod('2026-11-10', '2026-11-23')).toEqual({
      startDate: '2026-10-27',
      endDate: '2026-11-09',
    });
  });
  it('is the day before for a single day', () => {
    expect(previousPeriod('2027-01-01', '2027-01-01')).toEqual({
      startDate: '2026-12-31',
      endDate: '2026-12-31',
    });
  });
  it('crosses the leap day', () => {
    expect(previousPeriod('2024-03-01', '2024-03-02')).toEqual({
      startDate: '2024-02-28',
      endDate: '2024-02-29',
    });
  });
});

describe('selected tag values', () => {
  it("reads 'All' as every value", () => expect(parseSelectedTagValues('All')).toBe('All'));
  it('reads a comma-separated list, trimmed, without blanks or repeats', () => {
    expect(parseSelectedTagValues('platform, data,,platform')).toEqual(['platform', 'data']);
  });
  it('reads a single value', () => expect(parseSelectedTagValues('untagged')).toEqual(['untagged']));
  it('reads nothing as no values, which the query refuses', () =>
    expect(parseSelectedTagValues('')).toEqual([]));
  it('writes values back as the query parameter', () => {
    expect(formatSelectedTagValues(['a', 'b'])).toBe('a,b');
    expect(formatSelectedTagValues('All')).toBe('All');
  });
});

describe('the period a running range is compared with', () => {
  it('compares 24 days of November with October 1-24, not all of October', () => {
    expect(comparablePreviousPeriod('2026-11-01', '2026-11-30', '2026-11-24')).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-24',
      throughToday: true,
    });
  });

  it('never runs past the end of a shorter previous month', () => {
    expect(comparablePreviousPeriod('2024-03-01', '2024-03-31', '2024-03-30')).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      throughToday: true,
    });
  });

  it('compares a finished range, or one ending today, whole', () => {
    expect(comparablePreviousPeriod('2026-10-01', '2026-10-31', '2026-11-24')).toMatchObject({
      endDate: '2026-09-30',
      throughToday: false,
    });
    expect(comparablePreviousPeriod('2026-11-24', '2026-11-24', '2026-11-24')).toMatchObject({
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      throughToday: false,
    });
  });
});

describe('whether the previous period can be compared', () => {
  const demo = eachMonth('2025-11-01', '2026-11-01');
  /** Data held in these months, starting at the first on the chosen providers too. */
  const heldIn = (heldPeriods: readonly string[]) => ({ firstPeriod: heldPeriods[0] ?? null, heldPeriods });
  const year2025 = { startDate: '2025-01-01', endDate: '2025-11-28' };
  const gapOf = (
    previous: { startDate: string; endDate: string },
    visibleFrom: string,
    held: readonly string[],
  ) => previousPeriodCoverage(previous, visibleFrom, heldIn(held)).notCompared;

  it('covers whole months from the first billing period, and nothing without data', () => {
    expect(dataCoveredFrom('2025-11-01')).toBe('2025-11-01');
    expect(dataCoveredFrom('2025-11-03')).toBe('2025-11-01');
    expect(dataCoveredFrom(null)).toBeNull();
  });

  it('compares when the previous period is inside the data and the plan', () => {
    expect(gapOf({ startDate: '2026-10-01', endDate: '2026-10-28' }, '2023-12-01', demo)).toBeNull();
    expect(gapOf({ startDate: '2025-11-01', endDate: '2025-11-30' }, '2023-12-01', demo)).toBeNull();
    expect(previousPeriodCoverage(year2025, '2023-12-01', heldIn([]))).toEqual({
      notCompared: null,
      missingMonths: [],
      dataFrom: null,
    });
  });

  it('does not compare a year with one whose data starts in its last month', () => {
    expect(gapOf(year2025, '2023-12-01', demo)).toBe('before_data');
  });

  it("names the plan when only the plan's history hides the start", () => {
    expect(gapOf(year2025, '2026-09-01', eachMonth('2024-02-01', '2026-11-01'))).toBe('plan_history');
  });

  it('names the data when both hold and the data starts later than the plan shows', () => {
    expect(gapOf(year2025, '2025-03-01', eachMonth('2025-11-01', '2026-11-01'))).toBe('before_data');
    expect(gapOf(year2025, '2025-11-01', eachMonth('2025-03-01', '2026-11-01'))).toBe('plan_history');
  });

  it('does not compare a year that holds only an old upload, and names the months with no bill', () => {
    const held = ['2024-09-01', ...demo];
    expect(previousPeriodCoverage(year2025, '2023-12-01', heldIn(held))).toEqual({
      notCompared: 'data_gap',
      missingMonths: eachMonth('2025-01-01', '2025-10-01'),
      dataFrom: '2024-09-01',
    });
    expect(gapOf({ startDate: '2024-09-01', endDate: '2024-09-30' }, '2023-12-01', held)).toBeNull();
  });

  it("starts where the chosen provider's data does, and finds holes in the bill as a whole", () => {
    // A FOCUS file whose Azure lines begin in March and skip May: May's bill was still read.
    const coverage = { firstPeriod: '2025-03-01', heldPeriods: eachMonth('2025-01-01', '2025-07-01') };
    const may = { startDate: '2025-05-01', endDate: '2025-05-31' };
    expect(previousPeriodCoverage(may, '2023-12-01', coverage).notCompared).toBeNull();
    const february = { startDate: '2025-02-01', endDate: '2025-02-28' };
    expect(previousPeriodCoverage(february, '2023-12-01', coverage).notCompared).toBe('before_data');
  });

  it('counts a month touched by a few days of a custom range', () => {
    const held = eachMonth('2025-01-01', '2025-05-01').filter((month) => month !== '2025-03-01');
    expect(
      previousPeriodCoverage({ startDate: '2025-02-20', endDate: '2025-03-02' }, '2023-12-01', heldIn(held)),
    ).toMatchObject({ notCompared: 'data_gap', missingMonths: ['2025-03-01'] });
    expect(gapOf({ startDate: '2025-04-01', endDate: '2025-05-31' }, '2023-12-01', held)).toBeNull();
  });

  it('knows a month whose bill was read from one that is a hole, whatever day names it', () => {
    expect(isMonthHeld('2026-10-31', demo)).toBe(true);
    expect(isMonthHeld('2025-10-01', demo)).toBe(false);
    expect(isMonthHeld('2026-10-01', ['2026-10-03'])).toBe(true);
    expect(isMonthHeld('2026-10-01', [])).toBe(false);
  });

  it('does not compare with a month after the data ends', () => {
    const december = { startDate: '2026-12-01', endDate: '2026-12-31' };
    expect(previousPeriodCoverage(december, '2023-12-01', heldIn(demo)).missingMonths).toEqual([
      '2026-12-01',
    ]);
  });
});
