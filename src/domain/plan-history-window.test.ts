import { describe, expect, it } from 'vitest';
import { describeMonthsOutsideHistory, monthsOutsideHistory } from './plan-history-window.ts';

describe('months stored outside the plan history', () => {
  it('names the months before the Free window and says Business would show them', () => {
    const outside = monthsOutsideHistory(['2026-06-01', '2026-05-01', '2026-10-01'], 'free', '2026-11-24');
    expect(outside).toEqual({
      months: ['2026-05-01', '2026-06-01'],
      visibleFrom: '2026-09-01',
      remedy: 'The Business plan shows 36 months of history (from Dec 1, 2023).',
    });
    expect(describeMonthsOutsideHistory(outside!, 'free')).toBe(
      "Stored but outside the Free plan's history: May – June 2026 (it shows spend from Sep 1, 2026). " +
        'The Business plan shows 36 months of history (from Dec 1, 2023).',
    );
  });

  it('writes consecutive months as runs across a new year, and single months alone', () => {
    const stored = ['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-04-01'];
    const outside = monthsOutsideHistory(stored, 'free', '2026-11-24');
    expect(describeMonthsOutsideHistory(outside!, 'free')).toBe(
      "Stored but outside the Free plan's history: November 2025 – February 2026, April 2026 " +
        '(it shows spend from Sep 1, 2026). The Business plan shows 36 months of history (from Dec 1, 2023).',
    );
  });

  it('counts the months when they fall in more than three runs', () => {
    const stored = ['2026-01-01', '2026-03-01', '2026-05-01', '2026-07-01'];
    const outside = monthsOutsideHistory(stored, 'free', '2026-11-24');
    expect(describeMonthsOutsideHistory(outside!, 'free')).toMatch(/history: 4 months \(it shows spend from/);
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
