import type { Generated } from 'kysely';
import type { Day, Json, Money, Timestamp } from './columns.ts';

export interface Ec2FindingsTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  instance_id: string;
  account_id: string;
  region: string;
  name: string | null;
  state: string;
  finding: string;
  labels: Json;
  current_type: string;
  recommended_type: string | null;
  vcpu: number | null;
  memory_gib: number | null;
  percentile: number;
  cpu_percentile: number | null;
  memory_percentile: number | null;
  target_cpu_percent: number;
  projected_cpu_percent: number | null;
  required_memory_gib: number | null;
  hourly_cost: Money | null;
  price_source: string;
  monthly_cost_now: Money | null;
  monthly_cost_after: Money | null;
  monthly_savings: Money;
  idle_verdict: string;
  low_use_days: number;
  why: string;
  candidates: Json;
  candidates_considered: number;
  window_start: Day;
  window_end: Day;
  computed_at: Timestamp;
}

export interface Ec2FindingActionsTable {
  organization_id: string;
  integration_id: string;
  instance_id: string;
  finding: string;
  action: string;
  snoozed_until: Timestamp | null;
  acted_by: string | null;
  acted_at: Timestamp;
  /** Why it was dismissed, snoozed or marked expected (decision 100); none for older actions. */
  reason: string | null;
}

/** A volume, snapshot or address one sync observed (decision 101); a finding is computed from it when read. */
export interface WasteResourcesTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  account_id: string;
  region: string;
  resource_type: string;
  resource_id: string;
  attributes: Json;
  tags: Json;
  unattached_since: Timestamp | null;
  observed_at: Timestamp;
}

/** What one finder could do in one account at its last sync: ran, or which permission it lacks. */
export interface WasteFinderStatesTable {
  organization_id: string;
  integration_id: string;
  account_id: string;
  finder: string;
  state: string;
  permission: string;
  message: string | null;
  regions: number;
  calls: number;
  checked_at: Timestamp;
}

/** Dismissed, snoozed or expected, with a reason, per resource and kind of finding (decision 100). */
export interface WasteFindingActionsTable {
  organization_id: string;
  integration_id: string;
  resource_id: string;
  kind: string;
  action: string;
  reason: string;
  snoozed_until: Timestamp | null;
  acted_by: string | null;
  acted_at: Timestamp;
}

/** The waste findings' thresholds an organization chose (decision 108); none: the defaults. */
export interface WasteSettingsTable {
  organization_id: string;
  unattached_days: number;
  snapshot_age_days: number;
  snapshots_kept_per_volume: number;
  nat_gateway_min_gb: number;
  load_balancer_min_requests: number;
  database_idle_days: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface RightsizingSettingsTable {
  organization_id: string;
  cpu_percentile: number;
  headroom_percent: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface Ec2PriceListsTable {
  region: string;
  prices: Json;
  fetched_at: Timestamp;
}

export interface Ec2InstancesTable {
  organization_id: string;
  integration_id: string;
  instance_id: string;
  account_id: string;
  region: string;
  instance_type: string;
  state: string;
  name: string | null;
  platform: string | null;
  architecture: string | null;
  launch_time: Timestamp | null;
  auto_scaling_group: string | null;
  tags: Json;
  observed_at: Timestamp;
}

export interface Ec2InstanceMetricsTable {
  organization_id: string;
  integration_id: string;
  instance_id: string;
  hour: Timestamp;
  cpu_max_percent: number | null;
  cpu_average_percent: number | null;
  network_in_bytes: number | null;
  network_out_bytes: number | null;
  memory_max_percent: number | null;
}

/** A recommendation AWS Compute Optimizer gave for one resource, as the last sync imported it (decision 124). */
export interface ImportedRecommendationsTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  account_id: string;
  region: string;
  /** `compute-optimizer` */
  source: string;
  /** `instance`, `volume`, `nat-gateway` or `rds-db-instance` (decision 131) */
  resource_type: string;
  resource_id: string;
  resource_arn: string;
  /** AWS's own finding: Overprovisioned, Optimized, NotOptimized; Idle or Unattached (decision 131). */
  aws_finding: string;
  current_configuration: string;
  recommended_configuration: string;
  /** AWS's estimate, On-Demand before discounts; null when AWS gave none. */
  monthly_savings: Money | null;
  savings_percentage: Money | null;
  currency: string;
  details: Json;
  tags: Json;
  observed_at: Timestamp;
}

/** The tables the recommendations module owns (db/schema/ownership.ts). Idle and rightsizing findings, what people did with them, and the prices they use. */
export interface RecommendationsTables {
  ec2_instances: Ec2InstancesTable;
  ec2_instance_metrics: Ec2InstanceMetricsTable;
  ec2_findings: Ec2FindingsTable;
  ec2_finding_actions: Ec2FindingActionsTable;
  rightsizing_settings: RightsizingSettingsTable;
  ec2_price_lists: Ec2PriceListsTable;
  waste_resources: WasteResourcesTable;
  waste_finder_states: WasteFinderStatesTable;
  waste_finding_actions: WasteFindingActionsTable;
  waste_settings: WasteSettingsTable;
  imported_recommendations: ImportedRecommendationsTable;
}
