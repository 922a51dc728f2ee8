import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from './calendar-days.ts';
import type { HourlyMaxima } from './hourly-metrics-window.ts';
import { evaluateIdleInstance } from './idle-instances.ts';
import { type RightsizedInstance, type RightsizingInput, recommendInstanceSize } from './rightsizing.ts';
import { eligibleCandidates, type InstanceTypeSpec } from './rightsizing-candidates.ts';

/** Rows of the shipped us-east-1 catalog (type, vCPU, GiB, architecture, GPUs, USD/h, generation). */
const rows: [string, number, number, 'x86_64' | 'arm64', number, number, 'current' | 'previous'][] = [
  ['m5.large', 2, 8, 'x86_64', 0, 0.096, 'current'],
  ['m5.xlarge', 4, 16, 'x86_64', 0, 0.192, 'current'],
  ['m5.2xlarge', 8, 32, 'x86_64', 0, 0.384, 'current'],
  ['m6i.large', 2, 8, 'x86_64', 0, 0.096, 'current'],
  ['m6i.xlarge', 4, 16, 'x86_64', 0, 0.192, 'current'],
  ['m6i.2xlarge', 8, 32, 'x86_64', 0, 0.384, 'current'],
  ['c5.large', 2, 4, 'x86_64', 0, 0.085, 'current'],
  ['c5.xlarge', 4, 8, 'x86_64', 0, 0.17, 'current'],
  ['c5.2xlarge', 8, 16, 'x86_64', 0, 0.34, 'current'],
  ['c6i.xlarge', 4, 8, 'x86_64', 0, 0.17, 'current'],
  ['r5.large', 2, 16, 'x86_64', 0, 0.126, 'current'],
  ['r5.xlarge', 4, 32, 'x86_64', 0, 0.252, 'current'],
  ['m4.xlarge', 4, 16, 'x86_64', 0, 0.2, 'previous'],
  ['m4.2xlarge', 8, 32, 'x86_64', 0, 0.4, 'previous'],
  ['t3.medium', 2, 4, 'x86_64', 0, 0.0416, 'current'],
  ['t3.large', 2, 8, 'x86_64', 0, 0.0832, 'current'],
  ['m7g.large', 2, 8, 'arm64', 0, 0.0816, 'current'],
  ['m7g.xlarge', 4, 16, 'arm64', 0, 0.1632, 'current'],
  ['m7g.2xlarge', 8, 32, 'arm64', 0, 0.3264, 'current'],
  ['r6g.xlarge', 4, 32, 'arm64', 0, 0.2016, 'current'],
  ['g4dn.xlarge', 4, 16, 'x86_64', 1, 0.526, 'current'],
  ['inf1.xlarge', 4, 8, 'x86_64', 0, 0.228, 'current'],
  ['m5.metal', 96, 384, 'x86_64', 0, 4.608, 'current'],
];
const catalog: InstanceTypeSpec[] = rows.map(
  ([type, vcpu, memoryGiB, architecture, gpus, hourlyPriceUsd, generation]) => ({
    type,
    family: type.split('.')[0]!,
    generation,
    vcpu,
    memoryGiB,
    architecture,
    gpus,
    hourlyPriceUsd,
  }),
);
const spec = (type: string) => catalog.find((entry) => entry.type === type)!;

const windowEnd = '2026-11-21';
/** `days` days ending at windowEnd, every hour at `percent`. */
const steady = (percent: number, days = 14): HourlyMaxima[] =>
  eachDay(addDays(windowEnd, -(days - 1)), windowEnd).map((date) => ({
    date,
    hourlyMax: Array(24).fill(percent),
  }));
const instance = (instanceType: string, more: Partial<RightsizedInstance> = {}): RightsizedInstance => ({
  instanceId: 'i-0abc',
  instanceType,
  state: 'running',
  autoScalingGroup: null,
  billedHourlyCostUsd: null,
  ...more,
});
const recommend = (type: string, cpu: HourlyMaxima[], more: Partial<RightsizingInput> = {}) =>
  recommendInstanceSize({ instance: instance(type), catalog, cpu, windowEnd, ...more });

describe('over-provisioned instances', () => {
  it('without a memory metric, keeps the current memory and picks the cheapest type that fits', () => {
    const result = recommend('m5.2xlarge', steady(30));
    expect(result).toMatchObject({
      finding: 'over-provisioned',
      recommendedType: 'r5.xlarge', // 4 vCPU, 32 GiB
      cpuPercentile: 30,
      projectedCpuPercent: 60,
      requiredMemoryGiB: 32,
    });
    expect(result.monthlySavingsUsd).toBeCloseTo((0.384 - 0.252) * 730, 6);
  });
  it('with a memory metric, needs only the memory used, kept under the same 80% ceiling', () => {
    const result = recommend('m5.2xlarge', steady(30), { memory: steady(20) });
    expect(result.requiredMemoryGiB).toBeCloseTo(8, 10); // 20% of 32 GiB = 6.4 GiB, / 0.8
    expect(result.recommendedType).toBe('c5.xlarge'); // $0.17, ties with c6i.xlarge broken by name
    expect(result.monthlySavingsUsd).toBeCloseTo((0.384 - 0.17) * 730, 6);
  });
  it('explains itself in one sentence with the numbers', () => {
    expect(recommend('m5.2xlarge', steady(30)).why).toBe(
      'CPU peaks at 30% (p99.5); r5.xlarge would run it at 60%, within the 80% target with the memory it needs, for $96.36 less a month. The family changes: check memory per vCPU, local instance storage and network bandwidth before moving.',
    );
  });
  it('applies the discount seen on the bill to the candidate too', () => {
    const billed = recommendInstanceSize({
      instance: instance('m5.2xlarge', { billedHourlyCostUsd: 0.25 }),
      catalog,
      cpu: steady(30),
      windowEnd,
    });
    expect(billed.monthlyCostNowUsd).toBeCloseTo(182.5, 6);
    expect(billed.monthlyCostAfterUsd).toBeCloseTo(0.252 * (0.25 / 0.384) * 730, 6);
  });
});

describe('memory-bound instances', () => {
  it('stay put when only their own memory size fits what they use', () => {
    const result = recommend('m5.2xlarge', steady(30), { memory: steady(90) });
    expect(result.requiredMemoryGiB).toBeCloseTo(36, 10);
    expect(result).toMatchObject({ finding: 'optimized', recommendedType: null, monthlySavingsUsd: 0 });
  });
  it('ignore a memory metric that does not cover all 14 days', () => {
    expect(recommend('m5.2xlarge', steady(30), { memory: steady(20, 10) }).requiredMemoryGiB).toBe(32);
  });
});

describe('architecture', () => {
  it('keeps an ARM instance on ARM', () => {
    expect(recommend('m7g.2xlarge', steady(30)).recommendedType).toBe('r6g.xlarge');
  });
  it('keeps an x86 instance on x86 even where ARM is cheaper', () => {
    const candidates = recommend('m5.2xlarge', steady(30)).candidates.map((c) => c.type);
    expect(candidates).not.toContain('r6g.xlarge');
    expect(candidates).toContain('r5.xlarge');
  });
});

describe('under-provisioned instances', () => {
  it('get the cheapest larger type that brings CPU under the target', () => {
    const result = recommend('c5.large', steady(95));
    expect(result).toMatchObject({
      finding: 'under-provisioned',
      recommendedType: 'c5.xlarge',
      projectedCpuPercent: 47.5,
    });
    expect(result.monthlySavingsUsd).toBeCloseTo((0.085 - 0.17) * 730, 6);
  });
  it('say so when no larger type of the architecture would do', () => {
    const result = recommend('m7g.2xlarge', steady(99));
    expect(result).toMatchObject({ finding: 'under-provisioned', recommendedType: null });
    expect(result.why).toContain('no larger type of the same architecture');
  });
});

describe('the headroom edge (p99.5 + 20% headroom = an 80% ceiling)', () => {
  const withMemory = { memory: steady(20) };
  it('fits a type the workload would run at exactly 80%', () => {
    const result = recommend('m5.2xlarge', steady(40), withMemory);
    expect(result).toMatchObject({ recommendedType: 'c5.xlarge', projectedCpuPercent: 80 });
  });
  it('does not fit it a hair above 80%', () => {
    expect(recommend('m5.2xlarge', steady(40.001), withMemory).recommendedType).toBe('c5.2xlarge');
  });
  it('finds the current type under-provisioned only above 80%', () => {
    expect(recommend('m5.large', steady(80)).finding).not.toBe('under-provisioned');
    expect(recommend('m5.large', steady(80.01)).finding).toBe('under-provisioned');
  });
  it('takes percentile and headroom from the organization settings', () => {
    const settings = { percentile: 90, headroomPercent: 10 };
    const result = recommend('m5.2xlarge', steady(44), { ...withMemory, settings });
    expect(result).toMatchObject({
      targetCpuPercent: 90,
      recommendedType: 'c5.xlarge',
      projectedCpuPercent: 88,
    });
  });
  it('interpolates p99.5 between the two ranks around it', () => {
    // 336 hours: two at 100%, the rest at 40%; rank 0.995 x 335 = 333.325 -> 40 + 0.325 x 60
    const cpu = steady(40);
    cpu[13] = { date: windowEnd, hourlyMax: [...Array(22).fill(40), 100, 100] };
    expect(recommend('m5.2xlarge', cpu).cpuPercentile).toBeCloseTo(59.5, 10);
  });
});

describe('which types are candidates', () => {
  const search = { catalog, cpuPercentile: 10, targetCpuPercent: 80, requiredMemoryGiB: 0, priceRatio: 1 };
  it('never proposes GPU, accelerator or bare-metal types', () => {
    const types = eligibleCandidates({ ...search, current: spec('m5.2xlarge') }).map((c) => c.type);
    expect(types).not.toContain('g4dn.xlarge');
    expect(types).not.toContain('inf1.xlarge');
    expect(types).not.toContain('m5.metal');
  });
  it('proposes burstable types only to burstable instances', () => {
    expect(eligibleCandidates({ ...search, current: spec('m5.large') }).map((c) => c.type)).not.toContain(
      't3.large',
    );
    expect(eligibleCandidates({ ...search, current: spec('t3.large') }).map((c) => c.type)).toContain(
      't3.medium',
    );
  });
  it('prefers the current generation even when a previous one is cheaper', () => {
    const cheapOld = catalog.map((entry) =>
      entry.type === 'm4.xlarge' ? { ...entry, hourlyPriceUsd: 0.15 } : entry,
    );
    const result = recommend('m5.2xlarge', steady(30), { catalog: cheapOld, memory: steady(20) });
    expect(result.recommendedType).toBe('c5.xlarge');
  });
  it('falls back to a previous generation when no current one qualifies', () => {
    const onlyOld = [spec('m5.2xlarge'), spec('m4.xlarge')];
    expect(recommend('m5.2xlarge', steady(30), { catalog: onlyOld }).recommendedType).toBe(null);
    expect(
      recommend('m5.2xlarge', steady(30), { catalog: onlyOld, memory: steady(20) }).recommendedType,
    ).toBe('m4.xlarge');
  });
});

describe('instances that cannot be sized', () => {
  it('need 14 days of CPU metrics', () => {
    const result = recommend('m5.2xlarge', steady(30, 13));
    expect(result.finding).toBe('not-enough-data');
    expect(result.why).toBe('CloudWatch has CPU for only 13 of the last 14 days; rightsizing needs all 14.');
  });
  it('say there is no CPU data rather than "0 of 14 days"', () => {
    expect(recommend('m5.2xlarge', []).why).toBe(
      'CloudWatch has no CPU data for the last 14 days; rightsizing needs all 14.',
    );
  });
  it('count a day without hourly values as missing', () => {
    const cpu = steady(30);
    cpu[4] = { date: cpu[4]!.date, hourlyMax: [] };
    expect(recommend('m5.2xlarge', cpu).finding).toBe('not-enough-data');
  });
  it('label GPU types and leave them unsized rather than skip them', () => {
    expect(recommend('g4dn.xlarge', steady(5))).toMatchObject({
      finding: 'not-enough-data',
      labels: ['gpu'],
    });
  });
  it('say that a stopped instance without metrics bills no instance hours', () => {
    const result = recommendInstanceSize({
      instance: instance('t3.small', { state: 'stopped' }),
      catalog: [...catalog, { ...spec('t3.medium'), type: 't3.small', memoryGiB: 2, hourlyPriceUsd: 0.0208 }],
      cpu: [],
      windowEnd,
    });
    expect(result).toMatchObject({ finding: 'not-enough-data', labels: ['stopped'] });
    expect(result.why).toBe(
      'It is stopped, so CloudWatch has no CPU data for the last 14 days; a stopped instance bills no instance hours (its volumes still bill).',
    );
  });
  it('say how many days of CPU a stopped instance has when it has some', () => {
    const result = recommendInstanceSize({
      instance: instance('t3.small', { state: 'stopped' }),
      catalog: [...catalog, { ...spec('t3.medium'), type: 't3.small', memoryGiB: 2, hourlyPriceUsd: 0.0208 }],
      cpu: steady(5, 3),
      windowEnd,
    });
    expect(result.why).toBe(
      'It is stopped, so CloudWatch has CPU for only 3 of the last 14 days; a stopped instance bills no instance hours (its volumes still bill).',
    );
  });
  it('say so when the type is not in the catalog', () => {
    expect(recommend('zz9.huge', steady(5)).why).toBe(
      'zz9.huge is not in the instance catalog, so there is nothing to compare it with.',
    );
  });
});

describe('idle instances and labels', () => {
  it('report an idle instance as idle, saving its whole monthly cost', () => {
    const idle = evaluateIdleInstance({
      days: eachDay(addDays(windowEnd, -13), windowEnd).map((date) => ({
        date,
        maxCpuPercent: 0.5,
        networkInBytes: 0,
        networkOutBytes: 0,
      })),
      windowEnd,
      hourlyCostUsd: 0.384,
    });
    const result = recommend('m5.2xlarge', steady(0.5), { idle });
    expect(result).toMatchObject({ finding: 'idle', monthlyCostAfterUsd: 0, why: idle.why });
    expect(result.monthlySavingsUsd).toBeCloseTo(0.384 * 730, 6);
  });
  it('label instances in an Auto Scaling group and stopped ones, and still size them', () => {
    const result = recommendInstanceSize({
      instance: instance('m5.2xlarge', { autoScalingGroup: 'web-asg', state: 'stopped' }),
      catalog,
      cpu: steady(30),
      windowEnd,
    });
    expect(result).toMatchObject({ finding: 'over-provisioned', labels: ['auto-scaling-group', 'stopped'] });
  });
  it('finds a well-sized instance optimized', () => {
    const result = recommend('m5.large', steady(70));
    expect(result).toMatchObject({ finding: 'optimized', recommendedType: null, monthlySavingsUsd: 0 });
  });
});
