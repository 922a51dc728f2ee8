import { describe, expect, it } from 'vitest';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { withProviderLabels } from './provider-labels.ts';

const answer = (group_by: BillingData['group_by']) =>
  ({
    group_by,
    series: [
      { key: 'AWS', total: 19.76 },
      { key: 'Microsoft', total: 1.98 },
    ],
    buckets: [{ period: '2024-09-04', total: 2, amounts: { AWS: 1.5, Microsoft: 0.5 } }],
    previous_period: { series: [{ key: 'Microsoft', total: 1 }] },
  }) as unknown as BillingData;

describe('provider series on the dashboard', () => {
  it('shows the clouds by the names people read', () => {
    const labelled = withProviderLabels(answer('provider'));
    expect(labelled.series.map((entry) => entry.key)).toEqual(['AWS', 'Microsoft Azure']);
    expect(labelled.buckets[0]?.amounts).toEqual({ AWS: 1.5, 'Microsoft Azure': 0.5 });
    expect(labelled.previous_period.series[0]?.key).toBe('Microsoft Azure');
  });

  it('leaves a split by service alone, even of a service named like a cloud', () => {
    const data = answer('service');
    expect(withProviderLabels(data)).toBe(data);
  });
});
