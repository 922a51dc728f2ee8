import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from './calendar-days.ts';
import { coreSlowdown, coreSpeedOf } from './processor-performance.ts';
import { recommendInstanceSize } from './rightsizing.ts';
import type { InstanceTypeSpec } from './rightsizing-candidates.ts';

const arm = (type: string, vcpu: number, memoryGiB: number, hourlyPriceUsd: number): InstanceTypeSpec => ({
  type,
  family: type.split('.')[0]!,
  generation: 'current',
  vcpu,
  memoryGiB,
  architecture: 'arm64',
  gpus: 0,
  hourlyPriceUsd,
});
const catalog = [
  arm('a1.large', 2, 4, 0.051),
  arm('a1.xlarge', 4, 8, 0.102),
  arm('c6g.medium', 1, 2, 0.034),
  arm('c6g.large', 2, 4, 0.068),
];
const windowEnd = '2026-11-21';
const steady = (percent: number) =>
  eachDay(addDays(windowEnd, -13), windowEnd).map((date) => ({ date, hourlyMax: Array(24).fill(percent) }));
const running = (instanceType: string) => ({
  instanceId: 'i-0abc',
  instanceType,
  state: 'running',
  autoScalingGroup: null,
  billedHourlyCostUsd: null,
});

describe('core speed across processor families', () => {
  it('counts an A1 vCPU at 1/1.75 of a Graviton2 one, with its source', () => {
    expect(coreSlowdown('c6g', 'a1')).toBeCloseTo(1 / 1.75, 10);
    expect(coreSpeedOf('a1')?.source).toContain('Graviton2');
    // A faster core is not counted on, and a family without a figure is taken as equal.
    expect(coreSlowdown('a1', 'c6g')).toBe(1);
    expect(coreSlowdown('c6g', 'z9x')).toBe(1);
  });

  it('no longer moves c6g.large at 79% to a1.large: on slower cores it would run at 138%', () => {
    const result = recommendInstanceSize({
      instance: running('c6g.large'),
      catalog,
      cpu: steady(79),
      windowEnd,
    });
    expect(result.recommendedType).not.toBe('a1.large');
    expect(result.finding).toBe('optimized');
    const a1 = result.candidates.find((candidate) => candidate.type === 'a1.large');
    expect(a1?.projectedCpuPercent).toBeCloseTo(79 * 1.75, 6);
    expect(a1?.fits).toBe(false);
  });

  it('still moves a quiet c6g.large to a1.large when the slower cores keep it within the target', () => {
    const result = recommendInstanceSize({
      instance: running('c6g.large'),
      catalog,
      cpu: steady(30),
      windowEnd,
    });
    expect(result.recommendedType).toBe('a1.large');
    expect(result.projectedCpuPercent).toBeCloseTo(52.5, 6);
    expect(result.why).toContain('slower cores');
  });
});
