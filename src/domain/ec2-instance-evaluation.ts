/**
 * One EC2 instance through both rules: the idle rule on its daily metrics, then rightsizing
 * on its hourly maxima (an idle instance is reported as idle). Also picks the candidate types worth
 * showing a person: the cheapest that fit, and the cheaper ones that were turned down.
 */

import type { IsoDay } from './calendar-days.ts';
import { windowValues } from './hourly-metrics-window.ts';
import { evaluateIdleInstance, type IdleInstanceFinding } from './idle-instances.ts';
import { hourlyMaximaByDay, type InstanceHourMetrics, idleRuleDays } from './instance-metric-days.ts';
import {
  DEFAULT_RIGHTSIZING_SETTINGS,
  type RightsizedInstance,
  type RightsizingRecommendation,
  type RightsizingSettings,
  recommendInstanceSize,
} from './rightsizing.ts';
import type { CandidateAssessment, InstanceTypeSpec } from './rightsizing-candidates.ts';
import { percentile } from './statistics.ts';

export interface Ec2InstanceEvaluationInput {
  instance: RightsizedInstance;
  /** The catalog priced for the instance's region. */
  catalog: readonly InstanceTypeSpec[];
  hours: readonly InstanceHourMetrics[];
  windowEnd: IsoDay;
  settings?: RightsizingSettings;
}

export interface Ec2InstanceEvaluation {
  idle: IdleInstanceFinding;
  recommendation: RightsizingRecommendation;
  /** The settings' percentile of hourly max CPU and memory over 14 complete days; null otherwise. */
  cpuPercentile: number | null;
  memoryPercentile: number | null;
  shownCandidates: CandidateAssessment[];
}

const SHOWN_FITTING = 5;
const SHOWN_TURNED_DOWN = 3;

/**
 * The cheapest fitting types (the pick always among them) and the few cheaper ones that did not fit,
 * closest in price first: they show why nothing cheaper was proposed.
 */
export function candidatesWorthShowing(
  candidates: readonly CandidateAssessment[],
  recommendedType: string | null,
  monthlyCostNowUsd: number | null,
): CandidateAssessment[] {
  const pick = candidates.find((candidate) => candidate.type === recommendedType);
  const fitting = candidates.filter((candidate) => candidate.fits).slice(0, SHOWN_FITTING);
  if (pick && !fitting.includes(pick)) fitting.push(pick);
  const ceiling = pick?.monthlyCostUsd ?? monthlyCostNowUsd ?? Number.POSITIVE_INFINITY;
  const turnedDown = candidates
    .filter((candidate) => !candidate.fits && candidate.monthlyCostUsd <= ceiling)
    .slice(-SHOWN_TURNED_DOWN);
  return [...fitting, ...turnedDown].sort(
    (a, b) => a.monthlyCostUsd - b.monthlyCostUsd || a.type.localeCompare(b.type),
  );
}

function windowPercentile(values: number[] | null, p: number): number | null {
  return values === null ? null : percentile(values, p);
}

export function evaluateEc2Instance(input: Ec2InstanceEvaluationInput): Ec2InstanceEvaluation {
  const { instance, catalog, hours, windowEnd } = input;
  const settings = input.settings ?? DEFAULT_RIGHTSIZING_SETTINGS;
  const listPrice = catalog.find((spec) => spec.type === instance.instanceType)?.hourlyPriceUsd ?? null;
  const idle = evaluateIdleInstance({
    days: idleRuleDays(hours),
    windowEnd,
    hourlyCostUsd: instance.billedHourlyCostUsd ?? listPrice,
  });
  const cpu = hourlyMaximaByDay(hours, 'cpu');
  const memory = hourlyMaximaByDay(hours, 'memory');
  const recommendation = recommendInstanceSize({ instance, catalog, cpu, memory, windowEnd, settings, idle });
  return {
    idle,
    recommendation,
    cpuPercentile: windowPercentile(windowValues(cpu, windowEnd), settings.percentile),
    memoryPercentile: windowPercentile(windowValues(memory, windowEnd), settings.percentile),
    shownCandidates: candidatesWorthShowing(
      recommendation.candidates,
      recommendation.recommendedType,
      recommendation.monthlyCostNowUsd,
    ),
  };
}
