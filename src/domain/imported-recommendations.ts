/**
 * Recommendations imported from AWS (decision 124): which of Spendguard's kinds each one is, and the
 * words that say what AWS recommends and what it estimates. AWS's estimate is On-Demand before
 * discounts over 730 hours, which the words say, since it can differ from the bill.
 */

import { formatUsd } from './money.ts';
import { isPreviousGenerationFamily } from './previous-generation.ts';

/** What the role needs to import Compute Optimizer's recommendations: the template grants exactly these. */
export const COMPUTE_OPTIMIZER_PERMISSIONS = [
  'compute-optimizer:GetEC2InstanceRecommendations',
  'compute-optimizer:GetEBSVolumeRecommendations',
] as const;

export const RECOMMENDATION_SOURCES = ['spendguard', 'compute-optimizer'] as const;
export type RecommendationSource = (typeof RECOMMENDATION_SOURCES)[number];

export const SOURCE_NAMES: Record<RecommendationSource, string> = {
  spendguard: 'Spendguard',
  'compute-optimizer': 'Compute Optimizer',
};

export type ImportedKind =
  | 'idle-instance'
  | 'rightsizing'
  | 'previous-generation'
  | 'instance-type-change'
  | 'gp2-volume'
  | 'volume-change';

export interface ImportedRecommendationFacts {
  source: Exclude<RecommendationSource, 'spendguard'>;
  resourceType: 'instance' | 'volume';
  /** AWS's finding: Overprovisioned, Underprovisioned, Optimized, NotOptimized. */
  awsFinding: string;
  /** An instance type, or a volume as `gp2 1500 GiB`. */
  currentConfiguration: string;
  recommendedConfiguration: string;
  monthlySavings: number | null;
  savingsPercentage: number | null;
  idle: boolean;
  lookBackDays: number | null;
  cpuMaximum: number | null;
  migrationEffort: string | null;
}

const familyOf = (instanceType: string) => instanceType.split('.')[0] ?? '';
const volumeTypeOf = (configuration: string) => configuration.split(' ')[0] ?? '';

/**
 * The kind an imported recommendation is counted under, so it sits in the same totals as Spendguard's
 * own: an idle instance; a previous-generation family moved to a current one; an over-provisioned one is
 * rightsizing; one AWS finds sized right yet cheaper on another type (a Graviton move) is a type change;
 * gp2 to gp3 is the gp2 kind; any other volume change its own kind.
 */
export function importedKind(facts: ImportedRecommendationFacts): ImportedKind {
  if (facts.resourceType === 'volume') {
    return volumeTypeOf(facts.currentConfiguration) === 'gp2' &&
      volumeTypeOf(facts.recommendedConfiguration) === 'gp3'
      ? 'gp2-volume'
      : 'volume-change';
  }
  if (facts.idle) return 'idle-instance';
  const from = familyOf(facts.currentConfiguration);
  const to = familyOf(facts.recommendedConfiguration);
  if (isPreviousGenerationFamily(from) && !isPreviousGenerationFamily(to) && from !== to)
    return 'previous-generation';
  return facts.awsFinding === 'Optimized' ? 'instance-type-change' : 'rightsizing';
}

/** Only a recommendation that saves money is imported: "Optimized" without a cheaper option, or "Underprovisioned", is not waste. */
export function isImportable(facts: Pick<ImportedRecommendationFacts, 'monthlySavings'>): boolean {
  return facts.monthlySavings !== null && facts.monthlySavings > 0;
}

const FINDING_WORDS: Record<string, string> = {
  Overprovisioned: 'finds it over-provisioned',
  Underprovisioned: 'finds it under-provisioned',
  Optimized: 'finds it sized right',
  NotOptimized: 'finds it not optimized',
};

/** What AWS recommends, in words: the finding, the figures it read, the change, and its estimate. */
export function importedWhy(facts: ImportedRecommendationFacts): string {
  const name = SOURCE_NAMES[facts.source];
  const finding = facts.idle
    ? 'finds it idle'
    : (FINDING_WORDS[facts.awsFinding] ?? `says ${facts.awsFinding}`);
  const read = [
    facts.cpuMaximum === null ? null : `CPU peaked at ${facts.cpuMaximum}%`,
    facts.lookBackDays === null ? null : `over ${facts.lookBackDays} days`,
  ]
    .filter(Boolean)
    .join(' ');
  const change = `recommends ${facts.recommendedConfiguration} instead of ${facts.currentConfiguration}`;
  const effort = facts.migrationEffort ? ` (migration effort: ${facts.migrationEffort})` : '';
  const saving =
    facts.monthlySavings === null
      ? 'no estimate given'
      : `${formatUsd(facts.monthlySavings)} a month by its estimate${facts.savingsPercentage === null ? '' : ` (${facts.savingsPercentage}%)`}, On-Demand before discounts`;
  return `${name} ${finding}${read ? ` (${read})` : ''} and ${change}${effort}: ${saving}.`;
}
