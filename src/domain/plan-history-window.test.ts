import { describe, expect, it } from 'vitest';
import { describeMonthsOutsideHistory, monthsOutsideHistory } from './plan-history-window.ts';

describe('months stored outside the plan history', () => {
  it('names the months before the Free window and says Business would show them', () => {
    const outside = monthsOutsideHistory(['2026-06-01', '2026-05-01', '2026-10-01'], 'free', '2026-11-24');
    expect(outside).toEqual({
      months: ['2026-05-01', '2026-06-01'],
      visibleFrom: '2026-09-01',
      remedy: 'The Business plan shows 36 months of history (from 2023-12-01).',
    });
    expect(describeMonthsOutsideHistory(outside!, 'free')).toBe(
      "Stored but outside the Free plan's history: May 2026, June 2026 (it shows spend from 2026-09-01). " +
        'The Business plan shows 36 months of history (from 2023-12-01).',
    );
  });

  it('says no plan shows months older than the longest history', () => {
    expect(monthsOutsideHistory(['2023-11-01'], 'business_yearly', '2026-11-24')?.remedy).toBe(
      'No plan shows them: the longest history is 36 months (Business).',
    );
    expect(monthsOutsideHistory(['2023-11-01'], 'free', '2026-11-24')?.remedy).toBe(
      'No plan shows them: the longest history is 36 months (Business).',
    );
  });

  it('is null when every month shows', () => {
    expect(monthsOutsideHistory(['2026-09-01', '2026-11-01'], 'free', '2026-11-24')).toBeNull();
  });
});
