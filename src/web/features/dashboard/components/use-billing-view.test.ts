import { describe, expect, it } from 'vitest';
import { viewFromUrl } from './use-billing-view.ts';

describe('the dashboard view a link describes', () => {
  const today = '2026-11-24';

  it('opens on the current month, not amortized, default integration, all tags', () => {
    expect(viewFromUrl(new URLSearchParams(), today, undefined)).toEqual({
      viewMode: 'month',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      integration: 'default',
      tagKey: 'all',
      selectedTagValues: 'All',
      isAmortized: false,
    });
  });

  it('uses the saved view_customs when the link says nothing', () => {
    const saved = {
      integration: 'abc',
      tag: { tag_name: 'team', tag_values: [{ value: 'web' }] },
      view_mode: 'year' as const,
      is_amortized: true,
    };
    expect(viewFromUrl(new URLSearchParams(), today, saved)).toMatchObject({
      viewMode: 'year',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      integration: 'abc',
      tagKey: 'team',
      selectedTagValues: ['web'],
      isAmortized: true,
    });
  });

  it('lets the link win, and applies the mode rule to its start day', () => {
    const params = new URLSearchParams(
      'mode=day&start=2024-02-29&tag=env&values=prod,untagged&amortized=true',
    );
    expect(viewFromUrl(params, today, undefined)).toMatchObject({
      viewMode: 'day',
      startDate: '2024-02-29',
      endDate: '2024-02-29',
      tagKey: 'env',
      selectedTagValues: ['prod', 'untagged'],
      isAmortized: true,
    });
  });

  it('ignores a broken day or mode in a pasted link', () => {
    const params = new URLSearchParams('mode=week&start=2024-02-30');
    expect(viewFromUrl(params, today, undefined)).toMatchObject({
      viewMode: 'month',
      startDate: '2026-11-01',
    });
  });
});
