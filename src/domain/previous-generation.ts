/**
 * EC2 instances of a previous-generation family, and the current-generation type that does the same
 * for less (decision 109): at least the vCPUs, memory and accelerators, the same architecture, a
 * lower price. Says what else changes: the processor (with its documented speed), memory per vCPU,
 * local instance storage and the Nitro drivers the new family needs.
 */

import { coreSpeedOf } from './processor-performance.ts';
import type { InstanceTypeSpec } from './rightsizing-candidates.ts';

/** The current-generation families AWS points each previous-generation family to. */
const SUCCESSORS: Record<string, readonly string[]> = {
  m1: ['m5', 'm6i'],
  m2: ['r5', 'r6i'],
  m3: ['m5', 'm6i'],
  m4: ['m5', 'm6i', 'm7i'],
  c1: ['c5', 'c6i'],
  c3: ['c5', 'c6i'],
  c4: ['c5', 'c6i', 'c7i'],
  r3: ['r5', 'r6i'],
  r4: ['r5', 'r6i'],
  i2: ['i3', 'i4i'],
  d2: ['d3'],
  g2: ['g4dn'],
  g3: ['g4dn'],
  p2: ['p3'],
  t1: ['t3'],
  a1: ['m6g', 'c6g'],
};

/** Whether AWS counts the family (`m4`, `c4`...) as a previous generation. */
export function isPreviousGenerationFamily(family: string): boolean {
  return Object.hasOwn(SUCCESSORS, family);
}

/** Previous-generation families that came with instance-store disks, which a move leaves behind. */
const WITH_INSTANCE_STORE = new Set(['m1', 'm2', 'm3', 'c1', 'c3', 'r3', 'i2', 'd2', 'g2']);
/** Xen families: their successors run on Nitro, whose AMIs need the ENA and NVMe drivers. */
const XEN_FAMILIES = new Set([
  'm1',
  'm2',
  'm3',
  'm4',
  'c1',
  'c3',
  'c4',
  'r3',
  'r4',
  'i2',
  'd2',
  'g2',
  'g3',
  'p2',
  't1',
]);
const HAS_LOCAL_DISK = /^(i\d|d\d|[a-z]\d+[a-z]*d[a-z]*)$/;

export interface PreviousGenerationAdvice {
  candidate: InstanceTypeSpec;
  why: string;
}

const perVcpu = (spec: InstanceTypeSpec) => Number((spec.memoryGiB / spec.vcpu).toFixed(2));
const usdPerHour = (usd: number) => `$${usd.toFixed(4).replace(/0{1,2}$/, '')}/h`;

function whatElseDiffers(current: InstanceTypeSpec, candidate: InstanceTypeSpec): string[] {
  const notes: string[] = [];
  const from = coreSpeedOf(current.family);
  const to = coreSpeedOf(candidate.family);
  if (from && to)
    notes.push(
      `cores: ${to.processor} against ${from.processor}, ${Number((to.relative / from.relative).toFixed(2))}x per vCPU (${to.relative > from.relative ? to.source : from.source})`,
    );
  else notes.push('cores: no documented per-vCPU figure for one of the two families, taken as equal');
  if (perVcpu(current) !== perVcpu(candidate))
    notes.push(`memory per vCPU ${perVcpu(current)} GiB becomes ${perVcpu(candidate)} GiB`);
  if (WITH_INSTANCE_STORE.has(current.family) && !HAS_LOCAL_DISK.test(candidate.family))
    notes.push(
      `${current.family} has instance-store disks and ${candidate.family} has none: data on them does not move`,
    );
  if (XEN_FAMILIES.has(current.family))
    notes.push(`${candidate.family} runs on the Nitro System: the AMI needs the ENA and NVMe drivers`);
  notes.push('changing the type needs a stop and a start');
  return notes;
}

/**
 * The cheapest current-generation successor that holds the instance, or null when the type is not
 * of a previous generation, unpriced, or no successor costs less.
 */
export function previousGenerationAdvice(
  current: InstanceTypeSpec,
  catalog: readonly InstanceTypeSpec[],
): PreviousGenerationAdvice | null {
  const successors = SUCCESSORS[current.family];
  if (current.generation !== 'previous' || !successors || current.hourlyPriceUsd === null) return null;
  const currentPrice = current.hourlyPriceUsd;
  const candidate = catalog
    .filter(
      (spec) =>
        successors.includes(spec.family) &&
        spec.generation === 'current' &&
        spec.architecture === current.architecture &&
        spec.vcpu >= current.vcpu &&
        spec.memoryGiB >= current.memoryGiB &&
        spec.gpus >= current.gpus &&
        spec.hourlyPriceUsd !== null &&
        spec.hourlyPriceUsd < currentPrice,
    )
    .sort(
      (a, b) => a.hourlyPriceUsd! - b.hourlyPriceUsd! || a.vcpu - b.vcpu || a.type.localeCompare(b.type),
    )[0];
  if (!candidate) return null;
  const why = `${current.type} is of a previous generation (AWS lists ${current.family} among its previous-generation families). ${candidate.type} costs ${usdPerHour(candidate.hourlyPriceUsd!)} against ${usdPerHour(currentPrice)} at list price, with ${candidate.vcpu} vCPU and ${candidate.memoryGiB} GiB (${current.type}: ${current.vcpu} vCPU, ${current.memoryGiB} GiB). What else differs: ${whatElseDiffers(current, candidate).join('; ')}.`;
  return { candidate, why };
}
