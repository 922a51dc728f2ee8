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
  'compute-optimizer:GetIdleRecommendations',
] as const;

export const RECOMMENDATION_SOURCES = ['spendguard', 'compute-optimizer', 'cost-optimization-hub'] as const;
export type RecommendationSource = (typeof RECOMMENDATION_SOURCES)[number];
export type ImportedSource = Exclude<RecommendationSource, 'spendguard'>;

export const SOURCE_NAMES: Record<RecommendationSource, string> = {
  spendguard: 'Spendguard',
  'compute-optimizer': 'Compute Optimizer',
  'cost-optimization-hub': 'Cost Optimization Hub',
};

/**
 * What an imported estimate is priced at: Compute Optimizer's is On-Demand before discounts (decision
 * 124); Cost Optimization Hub's follows the savings preference set in it, before or after discounts
 * (decision 133), which the read role may not read.
 */
const ESTIMATE_BASIS: Record<ImportedSource, string> = {
  'compute-optimizer': 'On-Demand before discounts',
  'cost-optimization-hub': 'before or after discounts as its savings preference is set',
};
const ESTIMATE_LABELS: Record<ImportedSource, string> = {
  'compute-optimizer': 'On-Demand, before discounts',
  'cost-optimization-hub': 'its savings preference: before or after discounts',
};

/** The words naming where an imported figure comes from. */
export const estimateSourceWords = (source: ImportedSource) =>
  `${SOURCE_NAMES[source]}'s estimate (${ESTIMATE_LABELS[source]})`;

export type ImportedKind =
  | 'idle-instance'
  | 'rightsizing'
  | 'previous-generation'
  | 'instance-type-change'
  | 'gp2-volume'
  | 'volume-change'
  | 'unattached-volume'
  | 'idle-nat-gateway'
  | 'idle-database';

/** The resources whose recommendations are imported: what Spendguard's own findings also judge. */
export type ImportedResourceType = 'instance' | 'volume' | 'nat-gateway' | 'rds-db-instance';

/** AWS's findings of its idle recommendations (decision 131): the resource is not used at all. */
const IDLE_FINDINGS = new Set(['Idle', 'Unattached', 'Unused']);

export interface ImportedRecommendationFacts {
  source: ImportedSource;
  resourceType: ImportedResourceType;
  /**
   * AWS's finding: Overprovisioned, Underprovisioned, Optimized, NotOptimized; Idle, Unattached, Unused;
   * or Cost Optimization Hub's action for a change: Rightsize, MigrateToGraviton, Upgrade.
   */
  awsFinding: string;
  /** An instance type, or a volume as `gp2 1500 GiB`; for an idle recommendation, what it is. */
  currentConfiguration: string;
  /** The type or configuration AWS recommends; for an idle recommendation, `stop` or `delete`. */
  recommendedConfiguration: string;
  monthlySavings: number | null;
  savingsPercentage: number | null;
  idle: boolean;
  lookBackDays: number | null;
  cpuMaximum: number | null;
  migrationEffort: string | null;
}

/** An instance AWS finds sized right but cheaper on another type: a Graviton move, a newer generation. */
const TYPE_CHANGE_FINDINGS = new Set(['Optimized', 'MigrateToGraviton', 'Upgrade']);

const familyOf = (instanceType: string) => instanceType.split('.')[0] ?? '';
const volumeTypeOf = (configuration: string) => configuration.split(' ')[0] ?? '';

/**
 * The kind an imported recommendation is counted under, so it sits in the same totals as Spendguard's
 * own: an idle instance; a previous-generation family moved to a current one; an over-provisioned one is
 * rightsizing; one AWS finds sized right yet cheaper on another type (a Graviton move) is a type change;
 * gp2 to gp3 is the gp2 kind; any other volume change its own kind. An idle recommendation (decision
 * 131) counts as Spendguard's kind for the same waste: an unattached volume, an idle NAT gateway, an idle
 * database, an idle instance.
 */
export function importedKind(facts: ImportedRecommendationFacts): ImportedKind {
  if (facts.resourceType === 'nat-gateway') return 'idle-nat-gateway';
  if (facts.resourceType === 'rds-db-instance') return 'idle-database';
  if (facts.resourceType === 'volume' && facts.idle) return 'unattached-volume';
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
  return TYPE_CHANGE_FINDINGS.has(facts.awsFinding) ? 'instance-type-change' : 'rightsizing';
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
  Rightsize: 'finds it over-provisioned',
  MigrateToGraviton: 'finds a Graviton type cheaper',
  Upgrade: 'finds a newer generation cheaper',
};

/** Whether AWS recommends stopping or deleting the resource (its idle recommendations), not a change. */
export const isIdleRecommendation = (facts: Pick<ImportedRecommendationFacts, 'awsFinding'>) =>
  IDLE_FINDINGS.has(facts.awsFinding);

const IDLE_ACTION_WORDS: Record<string, string> = { stop: 'stopping it', delete: 'deleting it' };

/** What AWS recommends, in words: the finding, the figures it read, the change, and its estimate. */
export function importedWhy(facts: ImportedRecommendationFacts): string {
  const name = SOURCE_NAMES[facts.source];
  const idleFinding = isIdleRecommendation(facts);
  const finding = idleFinding
    ? `finds it ${facts.awsFinding.toLowerCase()}`
    : facts.idle
      ? 'finds it idle'
      : (FINDING_WORDS[facts.awsFinding] ?? `says ${facts.awsFinding}`);
  const read = [
    facts.cpuMaximum === null ? null : `CPU peaked at ${facts.cpuMaximum}%`,
    facts.lookBackDays === null ? null : `over ${facts.lookBackDays} days`,
  ]
    .filter(Boolean)
    .join(' ');
  const change = idleFinding
    ? `recommends ${IDLE_ACTION_WORDS[facts.recommendedConfiguration] ?? facts.recommendedConfiguration}`
    : `recommends ${facts.recommendedConfiguration} instead of ${facts.currentConfiguration}`;
  const effort = facts.migrationEffort ? ` (migration effort: ${facts.migrationEffort})` : '';
  const saving =
    facts.monthlySavings === null
      ? 'no estimate given'
      : `${formatUsd(facts.monthlySavings)} a month by its estimate${facts.savingsPercentage === null ? '' : ` (${facts.savingsPercentage}%)`}, ${ESTIMATE_BASIS[facts.source]}`;
  return `${name} ${finding}${read ? ` (${read})` : ''} and ${change}${effort}: ${saving}.`;
}

/**
 * One imported recommendation per resource: AWS may flag an instance both in its EC2 recommendations
 * (idle, one size down) and in its idle recommendations (stop it). The larger estimate is kept, as where
 * two AWS recommendations meet at read time (decision 124); equal ones keep the first.
 */
export function oneImportPerResource<T extends { resourceId: string; monthlySavings: number | null }>(
  found: T[],
): T[] {
  const kept = new Map<string, T>();
  for (const one of found) {
    const held = kept.get(one.resourceId);
    if (!held || (one.monthlySavings ?? -1) > (held.monthlySavings ?? -1)) kept.set(one.resourceId, one);
  }
  return [...kept.values()];
}
