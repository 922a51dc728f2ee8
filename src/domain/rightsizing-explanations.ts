/** The one sentence next to each rightsizing finding, saying why in the person's terms. */

import type { IdleInstanceFinding } from './idle-instances.ts';
import { formatUsd } from './money.ts';
import { coreSpeedOf } from './processor-performance.ts';

/** The parts of a recommendation its explanation reads. */
export interface ExplainedFinding {
  finding: 'over-provisioned' | 'under-provisioned' | 'optimized' | 'idle' | 'not-enough-data';
  currentType: string;
  labels: readonly string[];
  cpuPercentile: number | null;
  targetCpuPercent: number;
  recommendedType: string | null;
  projectedCpuPercent: number | null;
  monthlySavingsUsd: number;
}

export interface ExplanationContext {
  idle: IdleInstanceFinding | null | undefined;
  cpuDays: number;
  inCatalog: boolean;
}

const percent = (value: number) => `${Number(value.toFixed(1))}%`;

const cpuCoverage = (cpuDays: number) =>
  cpuDays === 0 ? 'no CPU data for the last 14 days' : `CPU for only ${cpuDays} of the last 14 days`;

function notEnoughData(result: ExplainedFinding, context: ExplanationContext): string {
  if (!context.inCatalog)
    return `${result.currentType} is not in the instance catalog, so there is nothing to compare it with.`;
  if (result.labels.includes('gpu')) {
    return `${result.currentType} is a GPU or accelerator type, sized by accelerator use, which is not collected.`;
  }
  if (result.labels.includes('stopped')) {
    return `It is stopped, so CloudWatch has ${cpuCoverage(context.cpuDays)}; a stopped instance bills no instance hours (its volumes still bill).`;
  }
  return `CloudWatch has ${cpuCoverage(context.cpuDays)}; rightsizing needs all 14.`;
}

const familyOf = (type: string) => type.split('.')[0] ?? type;

/** What else changes with the family: slower cores (already in the projection), and a check to make. */
function familyChange(currentType: string, recommendedType: string | null): string {
  if (!recommendedType || familyOf(currentType) === familyOf(recommendedType)) return '';
  const from = coreSpeedOf(familyOf(currentType));
  const to = coreSpeedOf(familyOf(recommendedType));
  const slower =
    from && to && to.relative < from.relative
      ? ` Its ${to.processor} has slower cores than ${from.processor} (${Number((to.relative / from.relative).toFixed(2))}x per vCPU, ${to.source}); the projection counts them.`
      : '';
  return `${slower} The family changes: check memory per vCPU, local instance storage and network bandwidth before moving.`;
}

export function explainRightsizing(result: ExplainedFinding, context: ExplanationContext): string {
  const { cpuPercentile, targetCpuPercent, recommendedType, projectedCpuPercent } = result;
  switch (result.finding) {
    case 'idle':
      return context.idle?.why ?? 'It is idle.';
    case 'not-enough-data':
      return notEnoughData(result, context);
    case 'over-provisioned':
      return `CPU peaks at ${percent(cpuPercentile!)} (p99.5); ${recommendedType} would run it at ${percent(projectedCpuPercent!)}, within the ${targetCpuPercent}% target with the memory it needs, for ${formatUsd(result.monthlySavingsUsd)} less a month.${familyChange(result.currentType, recommendedType)}`;
    case 'under-provisioned':
      return recommendedType
        ? `CPU peaks at ${percent(cpuPercentile!)} (p99.5), above the ${targetCpuPercent}% target; ${recommendedType} would run it at ${percent(projectedCpuPercent!)}.`
        : `CPU peaks at ${percent(cpuPercentile!)} (p99.5), above the ${targetCpuPercent}% target, and no larger type of the same architecture would bring it under.`;
    case 'optimized':
      return `CPU peaks at ${percent(cpuPercentile!)} (p99.5) and no cheaper type of the same architecture keeps it within the ${targetCpuPercent}% target with the memory it needs.`;
  }
}
