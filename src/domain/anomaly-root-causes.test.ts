import { describe, expect, it } from 'vitest';
import { type DimensionContribution, rankRootCauses } from './anomaly-root-causes.ts';

const contributions: DimensionContribution[] = [
  { dimension: 'service', value: 'Amazon EC2', current: 900, baseline: 300 },
  { dimension: 'service', value: 'Amazon S3', current: 120, baseline: 100 },
  { dimension: 'service', value: 'AWS Lambda', current: 10, baseline: 40 },
  { dimension: 'account', value: '111111111111', current: 700, baseline: 150 },
  { dimension: 'region', value: 'us-east-1', current: 800, baseline: 250 },
  { dimension: 'usage-type', value: 'BoxUsage:p4d.24xlarge', current: 580, baseline: 0 },
];

describe('ranking root causes', () => {
  it('ranks values by dollars above their baseline', () => {
    expect(rankRootCauses(contributions).map((cause) => [cause.value, cause.impact])).toEqual([
      ['Amazon EC2', 600],
      ['BoxUsage:p4d.24xlarge', 580],
      ['111111111111', 550],
      ['us-east-1', 550],
      ['Amazon S3', 20],
    ]);
  });
  it('leaves out values that went down', () => {
    expect(rankRootCauses(contributions, 10).map((cause) => cause.value)).not.toContain('AWS Lambda');
  });
  it('keeps only the top N', () => {
    expect(rankRootCauses(contributions, 2)).toHaveLength(2);
  });
  it("gives each value's share of its dimension's increase", () => {
    const [ec2] = rankRootCauses(contributions, 1);
    expect(ec2!.shareOfIncrease).toBeCloseTo((600 / 620) * 100, 10);
  });
  it('breaks ties by dimension order (account before region)', () => {
    const tied = rankRootCauses(contributions).filter((cause) => cause.impact === 550);
    expect(tied.map((cause) => cause.dimension)).toEqual(['account', 'region']);
  });
  it('finds nothing when nothing went up', () => {
    expect(rankRootCauses([{ dimension: 'service', value: 'x', current: 5, baseline: 5 }])).toEqual([]);
  });
});
