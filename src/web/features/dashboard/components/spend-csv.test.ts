import { describe, expect, it } from 'vitest';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { spendToCsv } from './spend-csv.ts';

const data = {
  group_by: 'tag',
  tag_key: 'team',
  start_date: '2026-11-01',
  end_date: '2026-11-02',
  visible_from: '2024-01-01',
  data_from: '2025-11-01',
  total: 30.5,
  series: [
    { key: 'web, "blue"', total: 20.25 },
    { key: 'untagged', total: 10.25 },
  ],
  buckets: [
    { period: '2026-11-01', total: 10, amounts: { 'web, "blue"': 10 } },
    { period: '2026-11-02', total: 20.5, amounts: { 'web, "blue"': 10.25, untagged: 10.25 } },
  ],
  previous_period: {
    start_date: '2026-10-30',
    end_date: '2026-10-31',
    total: 25,
    series: [{ key: 'web, "blue"', total: 25 }],
    through_today: false,
    before_visible_history: false,
    not_compared: null,
    missing_months: [],
  },
} as unknown as BillingData;

describe('the breakdown as CSV', () => {
  it('writes one row per series with its previous period, change and each day, quoting as RFC 4180', () => {
    expect(spendToCsv(data).split('\r\n')).toEqual([
      'Tag team,Total 2026-11-01 to 2026-11-02 (USD),Previous 2026-10-30 to 2026-10-31 (USD),Change (USD),2026-11-01,2026-11-02',
      '"web, ""blue""",20.25,25,-4.75,10,10.25',
      'untagged,10.25,0,10.25,0,10.25',
      'Total,30.5,25,5.5,10,20.5',
      '',
    ]);
  });

  it('writes a tag value that starts like a formula as text, and a negative change as a number', () => {
    const key = '=HYPERLINK("http://evil.example","open")';
    const tagged = {
      ...data,
      series: [{ key, total: 1 }],
      buckets: [{ period: '2026-11-01', total: 1, amounts: { [key]: 1 } }],
    } as BillingData;
    expect(spendToCsv(tagged).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""open"")",1,0,1,1`,
    );
    expect(spendToCsv(data).split('\r\n')[1]).toContain(',-4.75,');
  });

  it("leaves the comparison empty when the previous period starts before the plan's history or the data, or has a hole", () => {
    for (const reason of ['plan_history', 'before_data', 'data_gap'] as const) {
      const hidden = {
        ...data,
        previous_period: { ...data.previous_period, not_compared: reason, missing_months: ['2026-10-01'] },
      };
      expect(spendToCsv(hidden).split('\r\n')[3]).toBe('Total,30.5,,,10,20.5');
    }
  });
});
