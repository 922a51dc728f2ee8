import type { ColumnType } from 'kysely';
import type { Money, Timestamp } from './columns.ts';

/** A Savings Plan or reservation as the AWS APIs listed it at an integration's last sync (decision 122). */
export interface CommitmentInventoryTable {
  organization_id: string;
  integration_id: string;
  account_id: string;
  /** Which read listed it: 'savings-plans', 'ec2-reservations' or 'rds-reservations'. */
  api: string;
  /** The Savings Plan's ARN, the RDS reservation's ARN, the EC2 reservation's id. */
  commitment_id: string;
  kind: 'savings-plan' | 'reservation';
  /** As the bill names it: 'ComputeSavingsPlans', 'AmazonEC2', 'AmazonRDS'. */
  offering: string;
  region: string | null;
  /** As AWS words it: 'queued', 'active', 'retired', 'payment-pending'. */
  state: string;
  term: string | null;
  payment_option: string;
  hourly_commitment_usd: Money | null;
  instance_type: string | null;
  instance_count: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  /** What it charges, in words: "$1.200 an hour, nothing upfront". */
  rates: string | null;
  /** True once any sync saw it queued: its start is announced when it comes (decision 122). */
  seen_queued: ColumnType<boolean, boolean | undefined, boolean>;
  observed_at: Timestamp;
}

/** The tables the commitments module owns (db/schema/ownership.ts). */
export interface CommitmentsTables {
  commitment_inventory: CommitmentInventoryTable;
}
