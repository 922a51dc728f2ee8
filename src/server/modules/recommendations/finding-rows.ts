/** One instance's evaluation, as the row ec2_findings stores (money as exact decimal text). */

import type { Ec2CandidateView, PriceSource } from '../../../contracts/recommendations.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import type { Ec2InstanceEvaluation } from '../../../domain/ec2-instance-evaluation.ts';
import type { RightsizingSettings } from '../../../domain/rightsizing.ts';
import type { InstanceTypeSpec } from '../../../domain/rightsizing-candidates.ts';
import type { NewFindingRow } from './ec2-findings.repository.ts';
import type { InstanceRow } from './ec2-inventory.repository.ts';

const money = (usd: number | null) => (usd === null ? null : usd.toFixed(6));

export interface FindingRowInput {
  instance: InstanceRow;
  evaluation: Ec2InstanceEvaluation;
  currentSpec: InstanceTypeSpec | undefined;
  hourlyCostUsd: number | null;
  priceSource: PriceSource;
  settings: RightsizingSettings;
  window: { start: IsoDay; end: IsoDay };
  computedAt: Date;
}

export function toFindingRow(input: FindingRowInput): NewFindingRow {
  const { instance, evaluation, currentSpec, settings } = input;
  const { recommendation, idle } = evaluation;
  const candidates: Ec2CandidateView[] = evaluation.shownCandidates.map((candidate) => ({
    type: candidate.type,
    generation: candidate.generation,
    vcpu: candidate.vcpu,
    memory_gib: candidate.memoryGiB,
    projected_cpu_percent: candidate.projectedCpuPercent,
    monthly_cost: Number(candidate.monthlyCostUsd.toFixed(6)),
    fits: candidate.fits,
    recommended: candidate.type === recommendation.recommendedType,
  }));
  return {
    organization_id: instance.organization_id,
    integration_id: instance.integration_id,
    instance_id: instance.instance_id,
    account_id: instance.account_id,
    region: instance.region,
    name: instance.name,
    state: instance.state,
    finding: recommendation.finding,
    labels: JSON.stringify(recommendation.labels),
    current_type: instance.instance_type,
    recommended_type: recommendation.recommendedType,
    vcpu: currentSpec?.vcpu ?? null,
    memory_gib: currentSpec?.memoryGiB ?? null,
    percentile: settings.percentile,
    cpu_percentile: evaluation.cpuPercentile,
    memory_percentile: evaluation.memoryPercentile,
    target_cpu_percent: recommendation.targetCpuPercent,
    projected_cpu_percent: recommendation.projectedCpuPercent,
    required_memory_gib: recommendation.requiredMemoryGiB,
    hourly_cost: input.hourlyCostUsd === null ? null : input.hourlyCostUsd.toFixed(10),
    price_source: input.priceSource,
    monthly_cost_now: money(recommendation.monthlyCostNowUsd),
    monthly_cost_after: money(recommendation.monthlyCostAfterUsd),
    monthly_savings: money(recommendation.monthlySavingsUsd) ?? '0',
    idle_verdict: idle.verdict,
    low_use_days: idle.lowUseDays,
    why: recommendation.why,
    candidates: JSON.stringify(candidates),
    candidates_considered: recommendation.candidates.length,
    window_start: input.window.start,
    window_end: input.window.end,
    computed_at: input.computedAt,
  };
}
