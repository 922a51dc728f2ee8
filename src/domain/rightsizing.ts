/**
 * EC2 rightsizing, after AWS Compute Optimizer's defaults: take the p99.5 of the hourly
 * max CPU over 14 days and keep 20% headroom, i.e. a type fits when the workload would run at or
 * under 80% of it (the headroom lowers the ceiling; it does not multiply the usage). The projected
 * CPU on a candidate is current vCPU x p99.5 / candidate vCPU (vCPUs taken as equal across
 * generations and architectures). Memory must fit under the same 80% ceiling when a memory metric
 * exists; without one, a candidate needs at least the current memory.
 */

import type { IsoDay } from './calendar-days.ts';
import { daysCoveredInWindow, type HourlyMaxima, windowValues } from './hourly-metrics-window.ts';
import type { IdleInstanceFinding } from './idle-instances.ts';
import { HOURS_PER_MONTH } from './money.ts';
import {
  assessCandidates,
  type CandidateAssessment,
  cheapestPreferringCurrentGeneration,
  type InstanceTypeSpec,
  isAcceleratedType,
  isCheaper,
  projectedCpuPercent,
} from './rightsizing-candidates.ts';
import { explainRightsizing } from './rightsizing-explanations.ts';
import { percentile } from './statistics.ts';

export interface RightsizingSettings {
  /** Percentile of the hourly max CPU (and memory) that must fit. */
  percentile: number;
  /** Share of the type kept free: the target utilisation is 100 - headroom. */
  headroomPercent: number;
}

export const DEFAULT_RIGHTSIZING_SETTINGS: RightsizingSettings = { percentile: 99.5, headroomPercent: 20 };

export interface RightsizedInstance {
  instanceId: string;
  instanceType: string;
  state: string;
  autoScalingGroup: string | null;
  /** Real hourly cost from the bill when known; wins over list price. */
  billedHourlyCostUsd: number | null;
}

export interface RightsizingInput {
  instance: RightsizedInstance;
  catalog: readonly InstanceTypeSpec[];
  cpu: readonly HourlyMaxima[];
  /** Memory used in percent (CloudWatch agent); absent for most instances. */
  memory?: readonly HourlyMaxima[] | null;
  /** Last complete day of the 14-day window. */
  windowEnd: IsoDay;
  settings?: RightsizingSettings;
  idle?: IdleInstanceFinding | null;
}

export type RightsizingFinding =
  | 'over-provisioned'
  | 'under-provisioned'
  | 'optimized'
  | 'idle'
  | 'not-enough-data';
export type RightsizingLabel = 'auto-scaling-group' | 'stopped' | 'gpu';

export interface RightsizingRecommendation {
  instanceId: string;
  currentType: string;
  finding: RightsizingFinding;
  labels: RightsizingLabel[];
  recommendedType: string | null;
  cpuPercentile: number | null;
  targetCpuPercent: number;
  projectedCpuPercent: number | null;
  requiredMemoryGiB: number | null;
  monthlyCostNowUsd: number | null;
  monthlyCostAfterUsd: number | null;
  /** Positive: saved each month; negative: what an under-provisioned fix costs more. */
  monthlySavingsUsd: number;
  candidates: CandidateAssessment[];
  why: string;
}

function labelsOf(instance: RightsizedInstance, spec: InstanceTypeSpec | undefined): RightsizingLabel[] {
  const labels: RightsizingLabel[] = [];
  if (instance.autoScalingGroup) labels.push('auto-scaling-group');
  if (instance.state === 'stopped') labels.push('stopped');
  if (spec && isAcceleratedType(spec)) labels.push('gpu');
  return labels;
}

type Unexplained = Omit<RightsizingRecommendation, 'why'>;

/** Sizes an instance with 14 days of CPU on a known CPU type: the finding and its pick. */
function sizeMeasured(
  input: RightsizingInput,
  current: InstanceTypeSpec,
  cpuValues: number[],
  base: Unexplained,
): Unexplained {
  const { instance, catalog, windowEnd } = input;
  const settings = input.settings ?? DEFAULT_RIGHTSIZING_SETTINGS;
  const { targetCpuPercent, monthlyCostNowUsd } = base;
  const cpuPercentile = percentile(cpuValues, settings.percentile);
  const memoryValues = windowValues(input.memory, windowEnd);
  const requiredMemoryGiB =
    memoryValues === null
      ? current.memoryGiB
      : (percentile(memoryValues, settings.percentile) * current.memoryGiB) / targetCpuPercent;
  const priceRatio =
    instance.billedHourlyCostUsd !== null && current.hourlyPriceUsd
      ? instance.billedHourlyCostUsd / current.hourlyPriceUsd
      : 1;
  const candidates = assessCandidates({
    current,
    catalog,
    cpuPercentile,
    targetCpuPercent,
    requiredMemoryGiB,
    priceRatio,
  });
  const measured = {
    ...base,
    cpuPercentile,
    requiredMemoryGiB,
    candidates,
    projectedCpuPercent: cpuPercentile,
  };

  const underProvisioned = projectedCpuPercent(current, current, cpuPercentile) > targetCpuPercent;
  const pick = underProvisioned
    ? cheapestPreferringCurrentGeneration(candidates, (c) => c.fits && c.vcpu > current.vcpu)
    : cheapestPreferringCurrentGeneration(
        candidates,
        (c) => c.fits && monthlyCostNowUsd !== null && isCheaper(c, monthlyCostNowUsd),
      );
  if (!pick) return { ...measured, finding: underProvisioned ? 'under-provisioned' : 'optimized' };
  return {
    ...measured,
    finding: underProvisioned ? 'under-provisioned' : 'over-provisioned',
    recommendedType: pick.type,
    projectedCpuPercent: pick.projectedCpuPercent,
    monthlyCostAfterUsd: pick.monthlyCostUsd,
    monthlySavingsUsd: monthlyCostNowUsd === null ? 0 : monthlyCostNowUsd - pick.monthlyCostUsd,
  };
}

export function recommendInstanceSize(input: RightsizingInput): RightsizingRecommendation {
  const { instance, catalog, windowEnd, idle } = input;
  const current = catalog.find((spec) => spec.type === instance.instanceType);
  const hourlyNow = instance.billedHourlyCostUsd ?? current?.hourlyPriceUsd ?? null;
  const monthlyCostNowUsd = hourlyNow === null ? null : hourlyNow * HOURS_PER_MONTH;
  const base: Unexplained = {
    instanceId: instance.instanceId,
    currentType: instance.instanceType,
    finding: 'not-enough-data',
    labels: labelsOf(instance, current),
    recommendedType: null,
    cpuPercentile: null,
    targetCpuPercent: 100 - (input.settings ?? DEFAULT_RIGHTSIZING_SETTINGS).headroomPercent,
    projectedCpuPercent: null,
    requiredMemoryGiB: null,
    monthlyCostNowUsd,
    monthlyCostAfterUsd: null,
    monthlySavingsUsd: 0,
    candidates: [],
  };
  const cpuDays = daysCoveredInWindow(input.cpu, windowEnd);
  const explained = (result: Unexplained) => ({
    ...result,
    why: explainRightsizing(result, { idle, cpuDays, inCatalog: current !== undefined }),
  });

  if (idle?.verdict === 'idle' || idle?.verdict === 'terminate-candidate') {
    return explained({
      ...base,
      finding: 'idle',
      monthlyCostAfterUsd: 0,
      monthlySavingsUsd: monthlyCostNowUsd ?? 0,
    });
  }
  const cpuValues = windowValues(input.cpu, windowEnd);
  if (!current || cpuValues === null || isAcceleratedType(current)) return explained(base);
  return explained(sizeMeasured(input, current, cpuValues, base));
}
