import { describe, expect, it } from 'vitest';
import { costMovers, percentChange } from './cost-movers.ts';

describe('top movers', () => {
  const previous = [
    { key: 'EC2', total: 100 },
    { key: 'S3', total: 50 },
    { key: 'Lambda', total: 10 },
    { key: 'Athena', total: 30 },
  ];
  const current = [
    { key: 'EC2', total: 160 },
    { key: 'S3', total: 45 },
    { key: 'Lambda', total: 10.001 },
    { key: 'Glue', total: 20 },
  ];

  it('lists the largest increases first, with the amount and the percentage', () => {
    const { increases } = costMovers(current, previous);
    expect(increases.map((m) => m.key)).toEqual(['EC2', 'Glue']);
    expect(increases[0]).toEqual({ key: 'EC2', current: 160, previous: 100, change: 60, changePercent: 60 });
  });

  it('counts a series new in this period as an increase with no percentage', () => {
    expect(costMovers(current, previous).increases[1]).toMatchObject({
      key: 'Glue',
      change: 20,
      changePercent: null,
    });
  });

  it('lists the largest decreases first, a series that stopped among them', () => {
    const { decreases } = costMovers(current, previous);
    expect(decreases.map((m) => [m.key, m.change])).toEqual([
      ['Athena', -30],
      ['S3', -5],
    ]);
  });

  it('ignores changes under a cent and keeps at most the limit', () => {
    const { increases } = costMovers(current, previous, 1);
    expect(increases.map((m) => m.key)).toEqual(['EC2']);
    expect(costMovers(current, previous).increases.some((m) => m.key === 'Lambda')).toBe(false);
  });

  it('has no percentage change when nothing was spent before', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(120, 100)).toBeCloseTo(20);
  });
});
