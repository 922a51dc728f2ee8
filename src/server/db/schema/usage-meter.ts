import type { ColumnType } from 'kysely';
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
  /** Datapoints dated outside the windows asked for (the future, far back), left out of the spend. */
  left_out: ColumnType<string | number | bigint, number | undefined, number>;
  /** Metrics the last read asked for: with the read's cadence, what the meter costs a month. */
  metrics_last_read: ColumnType<number, number | undefined, number>;
  /** JSON array of the resource ids the last read listed; a resource no longer listed stops its row. */
  listed_resources: string | null;
  /**
   * JSON of the listed resources' tags as the last read found them (`{"read":true,"tags":{id:{key:value}}}`),
   * or why they could not be read (`{"read":false,"reason":"…"}`); null before a read that kept them.
   */
  resource_tags: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The meter against the bill for one day the bill covers (docs/decisions/112). */
export interface UsageMeterAccuracyTable {
  integration_id: string;
  organization_id: string;
  region: string;
  charge: string;
  usage_date: ColumnType<string, string, string>;
  metered_usd: number;
  billed_usd: number;
  compared_at: Timestamp;
}

/** The tables the usage-meter module owns (db/schema/ownership.ts). */
export interface UsageMeterTables {
  usage_meter_periods: UsageMeterPeriodsTable;
  usage_meter_cursors: UsageMeterCursorsTable;
  usage_meter_accuracy: UsageMeterAccuracyTable;
}
