import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from './calendar-days.ts';
import { candidatesWorthShowing, evaluateEc2Instance } from './ec2-instance-evaluation.ts';
import type { InstanceHourMetrics } from './instance-metric-days.ts';
import type { RightsizedInstance } from './rightsizing.ts';
import type { CandidateAssessment, InstanceTypeSpec } from './rightsizing-candidates.ts';

const windowEnd = '2026-11-21';
const spec = (
  type: string,
  vcpu: number,
  memoryGiB: number,
  hourlyPriceUsd: number,
  architecture: 'x86_64' | 'arm64' = 'x86_64',
): InstanceTypeSpec => ({
  type,
  family: type.split('.')[0]!,
  generation: 'current',
  vcpu,
  memoryGiB,
  architecture,
  gpus: 0,
  hourlyPriceUsd,
});
const catalog = [
  spec('m5.large', 2, 8, 0.096),
  spec('m5.xlarge', 4, 16, 0.192),
  spec('m5.4xlarge', 16, 64, 0.768),
  spec('r5.large', 2, 16, 0.126),
  spec('r5.xlarge', 4, 32, 0.252),
  spec('r5a.xlarge', 4, 32, 0.226),
  spec('m6g.xlarge', 4, 16, 0.154, 'arm64'),
];

/** 14 days of hours ending at windowEnd, each with the given metrics. */
function fortnight(metrics: Partial<InstanceHourMetrics>): InstanceHourMetrics[] {
  return eachDay(addDays(windowEnd, -13), windowEnd).flatMap((day) =>
    Array.from({ length: 24 }, (_, h) => ({
      hour: `${day}T${String(h).padStart(2, '0')}:00:00.000Z`,
      cpuMaxPercent: 10,
      cpuAveragePercent: 5,
      networkInBytes: 50_000_000,
      networkOutBytes: 30_000_000,
      memoryMaxPercent: null,
      ...metrics,
    })),
  );
}
const instance = (instanceType: string, more: Partial<RightsizedInstance> = {}): RightsizedInstance => ({
  instanceId: 'i-0abc',
  instanceType,
  state: 'running',
  autoScalingGroup: null,
  billedHourlyCostUsd: null,
  ...more,
});

describe('an instance evaluated by both rules', () => {
  it('is idle when CPU and network stay low, saving what it costs a month', () => {
    const result = evaluateEc2Instance({
      instance: instance('m5.large'),
      catalog,
      hours: fortnight({ cpuMaxPercent: 2, networkInBytes: 1_000, networkOutBytes: 1_000 }),
      windowEnd,
    });
    expect(result.idle.verdict).toBe('idle');
    expect(result.recommendation.finding).toBe('idle');
    expect(result.recommendation.monthlySavingsUsd).toBeCloseTo(0.096 * 730, 6);
    expect(result.cpuPercentile).toBe(2);
  });

  it('is resized to the cheapest type with the CPU and the memory it uses', () => {
    // 10% of 16 vCPUs runs at 40% of 4; 24% of 64 GiB needs 19.2 GiB under an 80% ceiling.
    const result = evaluateEc2Instance({
      instance: instance('m5.4xlarge'),
      catalog,
      hours: fortnight({ memoryMaxPercent: 24 }),
      windowEnd,
    });
    expect(result.recommendation).toMatchObject({
      finding: 'over-provisioned',
      recommendedType: 'r5a.xlarge',
      projectedCpuPercent: 40,
    });
    expect(result.recommendation.monthlySavingsUsd).toBeCloseTo((0.768 - 0.226) * 730, 6);
    expect(result.memoryPercentile).toBe(24);
    expect(result.shownCandidates.map((c) => c.type)).toEqual(['r5a.xlarge', 'r5.xlarge']);
  });

  it('prices the idle waste from the bill when the bill knows the instance', () => {
    const result = evaluateEc2Instance({
      instance: instance('m5.large', { billedHourlyCostUsd: 0.07 }),
      catalog,
      hours: fortnight({ cpuMaxPercent: 2, networkInBytes: 1_000, networkOutBytes: 1_000 }),
      windowEnd,
    });
    expect(result.idle.monthlyWasteUsd).toBeCloseTo(0.07 * 730, 6);
  });

  it('has no percentile without 14 days of metrics', () => {
    const result = evaluateEc2Instance({
      instance: instance('m5.4xlarge'),
      catalog,
      hours: fortnight({}).slice(48),
      windowEnd,
    });
    expect(result).toMatchObject({ cpuPercentile: null, memoryPercentile: null });
    expect(result.recommendation.finding).toBe('not-enough-data');
  });
});

describe('candidates worth showing', () => {
  const candidate = (type: string, monthlyCostUsd: number, fits: boolean): CandidateAssessment => ({
    type,
    generation: 'current',
    vcpu: 2,
    memoryGiB: 8,
    projectedCpuPercent: fits ? 50 : 120,
    monthlyCostUsd,
    fits,
  });
  const assessed = [
    candidate('a', 10, false),
    candidate('b', 20, false),
    candidate('c', 30, false),
    candidate('d', 40, false),
    candidate('e', 50, true),
    candidate('f', 60, true),
    candidate('g', 70, false),
  ];
  it('are the fitting ones and the three cheaper ones turned down closest to the pick', () => {
    expect(candidatesWorthShowing(assessed, 'e', 100).map((c) => c.type)).toEqual(['b', 'c', 'd', 'e', 'f']);
  });
  it('keep the pick even when cheaper fitting types of a previous generation fill the list', () => {
    const many = [
      ...Array.from({ length: 6 }, (_, i) => candidate(`old${i}`, i + 1, true)),
      candidate('new', 9, true),
    ];
    expect(candidatesWorthShowing(many, 'new', 100).map((c) => c.type)).toContain('new');
  });
  it('show what was turned down below the current cost when nothing fits', () => {
    expect(candidatesWorthShowing(assessed.slice(0, 4), null, 35).map((c) => c.type)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
