/**
 * The instance types a running instance could move to, and how each would fare. Catalog
 * entries come in as data (the shipped us-east-1 catalog or the Pricing API).
 */

import { HOURS_PER_MONTH, isAtLeast } from './money.ts';
import { coreSlowdown } from './processor-performance.ts';

export type CpuArchitecture = 'x86_64' | 'arm64';

export interface InstanceTypeSpec {
  type: string;
  family: string;
  generation: 'current' | 'previous';
  vcpu: number;
  memoryGiB: number;
  architecture: CpuArchitecture;
  gpus: number;
  /** On-demand Linux USD per hour; null when unpriced in the region. */
  hourlyPriceUsd: number | null;
}

/** Inferentia, Trainium, FPGA, Gaudi and video transcoding families carry accelerators the catalog does not count as GPUs. */
const ACCELERATOR_FAMILY = /^(inf|trn|f|dl|vt)\d/;
const BURSTABLE_FAMILY = /^t\d/;
/** Cluster-only HPC types and whole hosts are not something to resize into. */
const NOT_A_RESIZE_TARGET = /^hpc\d|\.metal/;

/** GPU and other accelerator types: sized by their accelerators, never proposed in place of a CPU type. */
export function isAcceleratedType(spec: InstanceTypeSpec): boolean {
  return spec.gpus > 0 || ACCELERATOR_FAMILY.test(spec.family);
}

export interface CandidateAssessment {
  type: string;
  generation: 'current' | 'previous';
  vcpu: number;
  memoryGiB: number;
  /** CPU p-percentile the workload would show on this type: current vCPU x p / candidate vCPU. */
  projectedCpuPercent: number;
  monthlyCostUsd: number;
  fits: boolean;
}

export interface CandidateSearch {
  current: InstanceTypeSpec;
  catalog: readonly InstanceTypeSpec[];
  cpuPercentile: number;
  targetCpuPercent: number;
  requiredMemoryGiB: number;
  /** Billed / list price of the current type: a discount seen on the bill carries over to a candidate. */
  priceRatio: number;
}

/**
 * Types of the same architecture, without accelerators, priced, with the memory needed; burstable
 * types only for an instance that already is one (their baseline CPU is a fraction of a vCPU).
 */
export function eligibleCandidates(search: CandidateSearch): InstanceTypeSpec[] {
  const { current, catalog, requiredMemoryGiB } = search;
  const burstableAllowed = BURSTABLE_FAMILY.test(current.family);
  return catalog.filter(
    (spec) =>
      spec.type !== current.type &&
      spec.architecture === current.architecture &&
      !isAcceleratedType(spec) &&
      !NOT_A_RESIZE_TARGET.test(spec.type) &&
      (burstableAllowed || !BURSTABLE_FAMILY.test(spec.family)) &&
      spec.hourlyPriceUsd !== null &&
      spec.memoryGiB >= requiredMemoryGiB,
  );
}

/** Rounded so that an exact edge (80.000000000001% from float division) compares as the edge it is. */
const roundPercent = (percent: number) => Math.round(percent * 1e9) / 1e9;

/** Current vCPU x p / candidate vCPU, and more on slower cores (`processor-performance.ts`). */
export function projectedCpuPercent(
  current: InstanceTypeSpec,
  candidate: InstanceTypeSpec,
  cpuPercentile: number,
) {
  const slowdown = coreSlowdown(current.family, candidate.family);
  return roundPercent((current.vcpu * cpuPercentile) / (candidate.vcpu * slowdown));
}

export function assessCandidates(search: CandidateSearch): CandidateAssessment[] {
  return eligibleCandidates(search)
    .map((spec) => {
      const projected = projectedCpuPercent(search.current, spec, search.cpuPercentile);
      return {
        type: spec.type,
        generation: spec.generation,
        vcpu: spec.vcpu,
        memoryGiB: spec.memoryGiB,
        projectedCpuPercent: projected,
        monthlyCostUsd: spec.hourlyPriceUsd! * search.priceRatio * HOURS_PER_MONTH,
        fits: projected <= search.targetCpuPercent,
      };
    })
    .sort((a, b) => a.monthlyCostUsd - b.monthlyCostUsd || a.type.localeCompare(b.type));
}

/**
 * The cheapest candidate passing `accept`, current generation preferred: a previous-generation type
 * is chosen only when no current-generation one qualifies.
 */
export function cheapestPreferringCurrentGeneration(
  assessed: readonly CandidateAssessment[],
  accept: (candidate: CandidateAssessment) => boolean,
): CandidateAssessment | undefined {
  const qualifying = assessed.filter(accept);
  return qualifying.find((c) => c.generation === 'current') ?? qualifying[0];
}

export const isCheaper = (candidate: CandidateAssessment, monthlyCostNow: number) =>
  !isAtLeast(candidate.monthlyCostUsd, monthlyCostNow);
