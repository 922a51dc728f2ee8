import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** One LaunchChange (src/domain/launch-changes.ts) of one integration; a redelivery is not stored twice. */
export interface LaunchChangesTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  change_id: string;
  event_id: string;
  event_name: string;
  action: string;
  resource_kind: string;
  resource_id: string;
  resource_type: string | null;
  multi_az: boolean | null;
  engine: string | null;
  count: number;
  region: string;
  account_id: string;
  who: string | null;
  /** ISO 8601 as the event said it. */
  event_time: string;
  event_at: Timestamp;
  /** 'sqs' or 'api-destination'. */
  via: string;
  received_at: Generated<Date>;
}

/** A message that was not a launch event (malformed, foreign, unsupported): counted, kept, deleted. */
export interface LaunchEventRejectionsTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  region: string;
  message_id: string;
  body: string;
  reason: string;
  message: string;
  received_at: Generated<Date>;
}

/** One integration's launch-events queue in one region: how its last poll went. */
export interface LaunchEventQueuesTable {
  integration_id: string;
  organization_id: string;
  region: string;
  queue_url: string;
  state: string;
  message: string | null;
  last_polled_at: Timestamp | null;
  last_state_change_at: Timestamp | null;
  last_api_call_at: Timestamp | null;
  updated_at: Generated<Date>;
}

/** What one region answered when asked for the integration's launch-events queue, and when. */
export interface LaunchEventRegionProbesTable {
  integration_id: string;
  organization_id: string;
  region: string;
  /** 'queue', 'no-queue', 'denied' or 'unreachable' (src/domain/launch-event-regions.ts). */
  outcome: string;
  probed_at: Timestamp;
}

/** The worker polling an integration's queues now, until when (a killed worker's lease runs out). */
export interface LaunchEventPollerLeasesTable {
  integration_id: string;
  holder: string;
  held_until: Timestamp;
}

/** The API destination's secret of one integration: only its SHA-256, the secret is shown once. */
export interface LaunchEventSecretsTable {
  integration_id: string;
  organization_id: string;
  secret_hash: string;
  created_at: Generated<Date>;
}

/** The tables the launch-events module owns (db/schema/ownership.ts). */
export interface LaunchEventsTables {
  launch_changes: LaunchChangesTable;
  launch_event_rejections: LaunchEventRejectionsTable;
  launch_event_queues: LaunchEventQueuesTable;
  launch_event_region_probes: LaunchEventRegionProbesTable;
  launch_event_poller_leases: LaunchEventPollerLeasesTable;
  launch_event_secrets: LaunchEventSecretsTable;
}
