/** Stored findings as the API answers them: money as USD numbers, times as ISO text. */

import type {
  Ec2CandidateView,
  Ec2FindingActionView,
  Ec2FindingDetailView,
  Ec2FindingView,
} from '../../../contracts/recommendations.ts';
import type { FindingRow } from './ec2-findings.repository.ts';
import type { InstanceMetricRow } from './ec2-inventory.repository.ts';

const usd = (value: string | null) => (value === null ? null : Number(value));

function actionOf(row: FindingRow): Ec2FindingActionView | null {
  if (row.action !== 'dismissed' && row.action !== 'snoozed' && row.action !== 'expected') return null;
  return {
    // "Expected" (set on the one list, decision 100) is a dismissal with a reason to this screen.
    kind: row.action === 'snoozed' ? 'snoozed' : 'dismissed',
    snoozed_until: row.snoozed_until?.toISOString() ?? null,
    by: row.acted_by_name,
    at: (row.acted_at ?? row.computed_at).toISOString(),
  };
}

export function toFindingView(row: FindingRow): Ec2FindingView {
  return {
    id: row.id,
    integration_id: row.integration_id,
    instance_id: row.instance_id,
    name: row.name,
    account_id: row.account_id,
    region: row.region,
    state: row.state,
    finding: row.finding as Ec2FindingView['finding'],
    labels: row.labels as Ec2FindingView['labels'],
    current_type: row.current_type,
    recommended_type: row.recommended_type,
    vcpu: row.vcpu,
    memory_gib: row.memory_gib,
    percentile: row.percentile,
    cpu_percentile: row.cpu_percentile,
    memory_percentile: row.memory_percentile,
    target_cpu_percent: row.target_cpu_percent,
    projected_cpu_percent: row.projected_cpu_percent,
    required_memory_gib: row.required_memory_gib,
    hourly_cost: usd(row.hourly_cost),
    price_source: row.price_source as Ec2FindingView['price_source'],
    monthly_cost_now: usd(row.monthly_cost_now),
    monthly_cost_after: usd(row.monthly_cost_after),
    monthly_savings: Number(row.monthly_savings),
    idle: {
      verdict: row.idle_verdict as Ec2FindingView['idle']['verdict'],
      low_use_days: row.low_use_days,
    },
    why: row.why,
    action: actionOf(row),
    window_start: row.window_start,
    window_end: row.window_end,
    computed_at: row.computed_at.toISOString(),
  };
}

export function toFindingDetailView(row: FindingRow, hours: InstanceMetricRow[]): Ec2FindingDetailView {
  return {
    ...toFindingView(row),
    candidates: row.candidates as Ec2CandidateView[],
    candidates_considered: row.candidates_considered,
    series: hours.map((hour) => ({
      hour: hour.hour.toISOString(),
      cpu_max: hour.cpu_max_percent,
      cpu_average: hour.cpu_average_percent,
      memory_max: hour.memory_max_percent,
    })),
  };
}
