import type { Generated } from 'kysely';
import type { Json, Money, Timestamp } from './columns.ts';

export interface BudgetsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  amount_usd: Money;
  period: string;
  cost_basis: string;
  filter: Json;
  thresholds: Json;
  paused: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AlertRulesTable {
  id: Generated<string>;
  organization_id: string;
  kind: string;
  name: string;
  settings: Json;
  filter: Json;
  paused: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AlertNotificationsTable {
  id: Generated<string>;
  organization_id: string;
  dedupe_key: string;
  source_kind: string;
  source_id: string | null;
  title: string;
  summary: string;
  details: Json;
  account_ids: Json;
  fired_at: Generated<Date>;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
}

export interface AlertDeliveriesTable {
  id: Generated<string>;
  notification_id: string;
  channel: string;
  recipient: string;
  recipient_user_id: string | null;
  state: Generated<string>;
  attempts: Generated<number>;
  lease_until: Timestamp | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  /** The webhook or Teams endpoint this delivery goes to (decision 058); null for mail and Slack. */
  endpoint_id: string | null;
  /** Where Slack's Web API put the alert (decision 132): its replies go to that message's thread. */
  slack_channel: string | null;
  slack_ts: string | null;
  created_at: Generated<Date>;
}

export interface AlertDeliveryAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  worker: string;
  started_at: Generated<Date>;
  finished_at: Timestamp | null;
  outcome: Generated<string>;
  error: string | null;
  /** The HTTP status a webhook or Teams receiver answered; null when none came (timeout, refused). */
  status_code: number | null;
  /** How long the receiver took, measured by the transport. */
  duration_ms: number | null;
}

export interface NotificationPreferencesTable {
  organization_id: string;
  user_id: string;
  email: Generated<boolean>;
  slack: Generated<boolean>;
  digest: Generated<string>;
  /** The alert kinds turned off (decision 047): a kind added later is on. */
  muted_kinds: Json;
  updated_at: Generated<Date>;
}

export interface AlertRecipientsTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  added_by: string | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Generated<Date>;
  /** Left out by a change: kept, with its confirmation and unsubscribe, until added again (decision 076). */
  removed_at: Timestamp | null;
  /** The last confirmation mail to this address for this organization (at most one an hour). */
  confirmation_sent_at: Timestamp | null;
}

export interface SlackConnectionsTable {
  organization_id: string;
  mode: string;
  webhook_url_sealed: string | null;
  bot_token_sealed: string | null;
  channel: string | null;
  team_name: string | null;
  /** The workspace that added the app (decision 132): a signed interaction from another is refused. */
  team_id: string | null;
  /** The alert kinds not posted to the channel (decision 047): a kind added later is posted. */
  muted_kinds: Json;
  /** 'off', 'daily' or 'weekly': the organization's spend digest posted to the channel. */
  digest: Generated<string>;
  updated_at: Generated<Date>;
}

export interface AlertInstanceMutesTable {
  organization_id: string;
  instance_id: string;
  muted_until: Timestamp;
  muted_by: string | null;
}

export interface UsedAlertLinkTokensTable {
  token_id: string;
  used_at: Generated<Date>;
}

/** A signed webhook or a Microsoft Teams Workflows URL of an organization (decision 058). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  organization_id: string;
  kind: string;
  description: string;
  url_sealed: string;
  url_hint: string;
  /** The alert kinds not sent (decision 047): a kind added later is sent. */
  muted_kinds: Json;
  digest: Generated<string>;
  /** The signing secret (webhooks only), sealed; the previous one signs too until `previous_secret_until`. */
  secret_sealed: string | null;
  secret_hint: string | null;
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  /** The first failed attempt since the last success; past three days the endpoint is paused. */
  failing_since: Timestamp | null;
  paused_at: Timestamp | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The tables the alerts module owns (db/schema/ownership.ts). Budgets and alert rules, the notification outbox with its deliveries, recipients and Slack. */
export interface AlertsTables {
  budgets: BudgetsTable;
  alert_rules: AlertRulesTable;
  alert_notifications: AlertNotificationsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_delivery_attempts: AlertDeliveryAttemptsTable;
  notification_preferences: NotificationPreferencesTable;
  alert_recipients: AlertRecipientsTable;
  slack_connections: SlackConnectionsTable;
  alert_instance_mutes: AlertInstanceMutesTable;
  used_alert_link_tokens: UsedAlertLinkTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
}
