import type { ColumnType, Generated } from 'kysely';
import type { Day, Json, Money, Timestamp } from './columns.ts';

export interface IngestionRunsTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  trigger: string;
  state: Generated<string>;
  files: Json;
  files_total: Generated<number>;
  files_done: Generated<number>;
  rows_read: ColumnType<string, number | string | undefined, number | string>;
  facts_written: ColumnType<string, number | string | undefined, number | string>;
  percent: Generated<number>;
  billing_periods: Json;
  warnings: Json;
  error: Json | null;
  /** A held run's files and the months they would shrink. */
  held: Json | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Beaten by the worker while the run reads; a run whose beat stopped was orphaned. */
  heartbeat_at: Timestamp | null;
  /** The folder under DATA_DIR/uploads holding an upload run's file, removed when the run ends. */
  upload_dir: string | null;
}

export interface CostFactColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  usage_date: Day;
  provider: string;
  billing_account_id: string;
  usage_account_id: string;
  usage_account_name: string | null;
  service_code: string;
  service_name: string;
  region: string;
  usage_type: string;
  charge_type: string;
  resource_id: string | null;
  tags: Json;
  currency: string;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
  usage_quantity: Money;
  line_items: number;
}

/** A staged fact belongs to its run; the run names the organization and the integration (decision 067). */
export interface CostFactStagingTable extends Omit<CostFactColumns, 'organization_id' | 'integration_id'> {
  run_id: string;
}

export interface RollupColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  provider: string;
  usage_account_id: string;
  service_name: string;
  region: string;
  charge_type: string;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
}

export interface CostDailyRollupsTable extends RollupColumns {
  usage_date: Day;
}

export interface CostMonthlyRollupsTable extends RollupColumns {
  month: Day;
}

/** Spend per day and usage account: the daily rollups without service, region and charge type. */
export interface CostDailyTotalsTable {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  usage_date: Day;
  provider: string;
  usage_account_id: string;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
}

export interface TagRollupColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  provider: string;
  tag_key: string;
  tag_value: string;
  usage_account_id: string;
  service_name: string;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
}

export interface CostDailyTagRollupsTable extends TagRollupColumns {
  usage_date: Day;
}

export interface CostMonthlyTagRollupsTable extends TagRollupColumns {
  month: Day;
}

/**
 * Spend per day, provider, usage account, service and the line's whole tag set: what a scope of tag
 * pairs reads instead of the facts (decision 092).
 */
export interface TagSetRollupColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  provider: string;
  usage_account_id: string;
  service_name: string;
  tags: Json;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
}

export interface CostDailyTagSetRollupsTable extends TagSetRollupColumns {
  usage_date: Day;
}

export interface CostMonthlyTagSetRollupsTable extends TagSetRollupColumns {
  month: Day;
}

/** Spend per day, provider and whole tag set, over every account and service (decision 128). */
export interface CostDailyTagSetTotalsTable
  extends Omit<TagSetRollupColumns, 'usage_account_id' | 'service_name'> {
  usage_date: Day;
}

/**
 * One row per integration that may hold cost rows. The cost tables have no foreign key (one checked per
 * inserted row); an integration's removal cascades to this row, and its trigger deletes them (decision 068).
 */
export interface CostDataIntegrationsTable {
  integration_id: string;
}

/** One resource's cost in one billing period and usage type (decision 079). */
export interface MonthlyResourceCostColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  provider: string;
  usage_account_id: string;
  service_code: string;
  service_name: string;
  region: string;
  usage_type: string;
  resource_id: string;
  currency: string;
  unblended_cost: Money;
  amortized_cost: Money;
  net_cost: Money;
  usage_quantity: Money;
  line_items: ColumnType<string, number | string, number | string>;
}

/** A staged resource cost belongs to its run, as a staged fact does. */
export interface ResourceCostStagingTable
  extends Omit<MonthlyResourceCostColumns, 'organization_id' | 'integration_id'> {
  run_id: string;
}

/** A Savings Plan or reservation as one billing period of a bill describes it (decision 098). */
export interface CostCommitmentsTable {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  commitment_id: string;
  kind: string;
  offering: string;
  owner_account_id: string;
  region: string;
  instance_family: string;
  term: string;
  payment_option: string;
  hourly_commitment: Money | null;
  reserved_count: Money | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  period_unused_commitment: Money;
}

/** One day, account and commitment ('' : eligible usage no commitment paid for), decision 098. */
export interface CostCommitmentDaysTable {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  usage_date: Day;
  usage_account_id: string;
  kind: string;
  commitment_id: string;
  total_commitment: Money;
  used_commitment: Money;
  covered_on_demand_cost: Money | null;
  covered_hours: Money;
  uncovered_on_demand_cost: Money;
  uncovered_hours: Money;
}

/** Decision 117: `cost_commitment_days` summed over accounts, per day, kind and commitment. */
export type CostCommitmentDayTotalsTable = Omit<CostCommitmentDaysTable, 'usage_account_id'>;

/** Decision 117: `cost_commitment_days` summed per calendar month (its first day), account, kind and commitment. */
export type CostCommitmentMonthsTable = Omit<CostCommitmentDaysTable, 'usage_date'> & { usage_month: Day };

/**
 * Decision 142: the usage side of `cost_commitment_days` per tag set, for usage lines that carry tags:
 * what a scope of tag pairs reads of commitments and coverage. No fee rows: a fee is its owner's.
 */
export type CostCommitmentTagDaysTable = CostCommitmentDaysTable & { tags: Json };

/**
 * Decision 143: a month whose commitment days have no tag-set days to show though its usage carries
 * tags: read before they were kept ('read-before'), or past the reader's bound ('too-many').
 */
export interface CostCommitmentTagGapsTable {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
  reason: string;
  tag_days: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

/**
 * A run's commitments wait here until its month is swapped: row_kind 'commitment', 'day', 'tag-day' or
 * 'tag-gap' (its tag-set days left out, decision 143).
 */
export interface CostCommitmentStagingTable {
  run_id: string;
  billing_period: Day;
  row_kind: string;
  row: Json;
}

/** The tables the cost-data module owns (db/schema/ownership.ts). Spend: ingestion runs, daily cost facts and their rollups. */
export interface CostDataTables {
  ingestion_runs: IngestionRunsTable;
  cost_daily_facts: CostFactColumns;
  cost_fact_staging: CostFactStagingTable;
  cost_daily_rollups: CostDailyRollupsTable;
  cost_monthly_rollups: CostMonthlyRollupsTable;
  cost_daily_totals: CostDailyTotalsTable;
  cost_daily_tag_rollups: CostDailyTagRollupsTable;
  cost_monthly_tag_rollups: CostMonthlyTagRollupsTable;
  cost_daily_tag_set_rollups: CostDailyTagSetRollupsTable;
  cost_monthly_tag_set_rollups: CostMonthlyTagSetRollupsTable;
  cost_daily_tag_set_totals: CostDailyTagSetTotalsTable;
  cost_data_integrations: CostDataIntegrationsTable;
  cost_monthly_resource_costs: MonthlyResourceCostColumns;
  cost_resource_cost_staging: ResourceCostStagingTable;
  cost_commitments: CostCommitmentsTable;
  cost_commitment_days: CostCommitmentDaysTable;
  cost_commitment_day_totals: CostCommitmentDayTotalsTable;
  cost_commitment_months: CostCommitmentMonthsTable;
  cost_commitment_tag_days: CostCommitmentTagDaysTable;
  cost_commitment_tag_gaps: CostCommitmentTagGapsTable;
  cost_commitment_staging: CostCommitmentStagingTable;
}
