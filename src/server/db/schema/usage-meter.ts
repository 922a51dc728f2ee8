import type { Timestamp } from './columns.ts';

/** What one metered resource used in one five-minute period (docs/decisions/091). */
export interface UsageMeterPeriodsTable {
  integration_id: string;
  organization_id: string;
  region: string;
  /** A MeteredCharge (src/domain/usage-prices.ts). */
  charge: string;
  resource_id: string;
  period_start: Timestamp;
  /** In the charge's billed unit (GB for NAT data processing). */
  quantity: number;
  read_at: Timestamp;
}

/** Where an integration's settled periods of one charge in one region end, and how its last read went. */
export interface UsageMeterCursorsTable {
  integration_id: string;
  organization_id: string;
  region: string;
  charge: string;
  settled_through: Timestamp;
  last_read_at: Timestamp | null;
  last_error: string | null;
  /** Metrics asked of GetMetricData so far (what the meter costs in the customer's account). */
  metrics_requested: string | number | bigint;
}

/** The tables the usage-meter module owns (db/schema/ownership.ts). */
export interface UsageMeterTables {
  usage_meter_periods: UsageMeterPeriodsTable;
  usage_meter_cursors: UsageMeterCursorsTable;
}
