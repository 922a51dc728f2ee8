import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PageViewsTable {
  id: Generated<string>;
  path: string;
  query: string;
  referrer: string | null;
  user_id: string | null;
  occurred_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}

export interface UserAvatarsTable {
  user_id: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

export interface UsedVerificationTokensTable {
  token_hash: string;
  used_at: Timestamp;
}

export interface MemberSlugsTable {
  organization_id: string;
  member_id: string;
  slug: string;
}

export interface TeamSlugsTable {
  organization_id: string;
  team_id: string;
  slug: string;
}

/** One row per usage account or per tag pair a team owns. */
export interface TeamCostScopesTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  usage_account_id: string | null;
  tag_key: string | null;
  tag_value: string | null;
}

export interface ChatVisitorTokensTable {
  token_hash: string;
  visitor_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ChatConversationsTable {
  id: Generated<string>;
  user_id: string | null;
  visitor_id: string | null;
  visitor_email: string | null;
  resolved_at: Timestamp | null;
  created_at: Timestamp;
  last_message_at: Timestamp;
}

export interface ChatMessagesTable {
  /** bigint: comes back as a string. */
  id: ColumnType<string, never, never>;
  conversation_id: string;
  body: string;
  agent: boolean;
  agent_user_id: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  reminder_mailed_at: Timestamp | null;
}

export interface ConsultationBookingsTable {
  id: Generated<string>;
  user_id: string;
  event_url: string;
  booked_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: ColumnType<string, never, never>;
  name: string;
  path: string;
  user_id: string | null;
  occurred_at: Timestamp;
}

type Json = ColumnType<unknown, string | undefined, string>;
/** numeric columns: read as exact decimal strings, written as strings or numbers. */
type Money = ColumnType<string, string | number, string | number>;
/** date columns: read as 'YYYY-MM-DD' strings (see db/database.ts type parsers). */
type Day = ColumnType<string, string, string>;

export interface IntegrationsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  kind: string;
  source: string;
  role_arn: string | null;
  external_id: string;
  export_location: Json | null;
  is_default: Generated<boolean>;
  state: Generated<string>;
  last_error: Json | null;
  last_synced_at: Timestamp | null;
  fresh_through: Day | null;
  accounts: Json;
  settings: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

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
  /** A held run's files and the months they would shrink (issue 13). */
  held: Json | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Beaten by the worker while the run reads; a run whose beat stopped was orphaned (issue 14). */
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

export interface CostFactStagingTable extends CostFactColumns {
  run_id: string;
}

interface RollupColumns {
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

interface TagRollupColumns {
  organization_id: string;
  integration_id: string;
  billing_period: Day;
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

export interface SubscriptionsTable {
  organization_id: string;
  plan: ColumnType<'free' | 'business_monthly' | 'business_yearly', string | undefined, string>;
  source: ColumnType<'free' | 'trial' | 'stripe' | 'operator', string | undefined, string>;
  trial_started_at: Timestamp | null;
  trial_ends_at: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  cancelled_at: Timestamp | null;
  payment_failed_at: Timestamp | null;
  last_paid_at: Timestamp | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_status: string | null;
  /** `created` of the newest Stripe event applied to the subscription's state (out-of-order safety). */
  stripe_state_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface StripeEventsTable {
  event_id: string;
  type: string;
  organization_id: string | null;
  outcome: string;
  received_at: Timestamp;
}

export interface CreditCodesTable {
  code_hash: string;
  /** The code's last group, to recognise it in the history; the code itself is only kept hashed. */
  code_hint: string;
  amount_usd: ColumnType<string, string | number, string | number>;
  expires_at: Timestamp | null;
  max_uses: ColumnType<number, number | undefined, number>;
  uses: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface CreditGrantsTable {
  organization_id: string;
  id: string;
  code_hash: string | null;
  amount_usd: ColumnType<string, string | number, string | number>;
  remaining_usd: ColumnType<string, string | number, string | number>;
  expires_at: Timestamp | null;
  granted_at: Timestamp;
  stripe_balance_transaction_id: string | null;
  expiry_settled_at: Timestamp | null;
}

export interface CreditUsagesTable {
  organization_id: string;
  grant_id: string;
  amount_usd: ColumnType<string, string | number, string | number>;
  stripe_invoice_id: string;
  invoice_number: string | null;
  used_at: Timestamp;
}

/** Table types of the whole database. Each module adds its tables here with its migration. */
export interface DatabaseSchema {
  page_views: PageViewsTable;
  mail_outbox: MailOutboxTable;
  user_avatars: UserAvatarsTable;
  used_verification_tokens: UsedVerificationTokensTable;
  member_slugs: MemberSlugsTable;
  team_slugs: TeamSlugsTable;
  team_cost_scopes: TeamCostScopesTable;
  chat_visitor_tokens: ChatVisitorTokensTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  consultation_bookings: ConsultationBookingsTable;
  analytics_events: AnalyticsEventsTable;
  integrations: IntegrationsTable;
  ingestion_runs: IngestionRunsTable;
  cost_daily_facts: CostFactColumns;
  cost_fact_staging: CostFactStagingTable;
  cost_daily_rollups: CostDailyRollupsTable;
  cost_monthly_rollups: CostMonthlyRollupsTable;
  cost_daily_tag_rollups: CostDailyTagRollupsTable;
  cost_monthly_tag_rollups: CostMonthlyTagRollupsTable;
  ec2_instances: Ec2InstancesTable;
  ec2_instance_metrics: Ec2InstanceMetricsTable;
  ec2_findings: Ec2FindingsTable;
  ec2_finding_actions: Ec2FindingActionsTable;
  rightsizing_settings: RightsizingSettingsTable;
  ec2_price_lists: Ec2PriceListsTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  credit_codes: CreditCodesTable;
  credit_grants: CreditGrantsTable;
  credit_usages: CreditUsagesTable;
  user: UserTable;
  session: SessionTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  // --- alerts ---
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
}

/* Tables owned by better-auth (created by its migrations; columns in camelCase as it names them). */

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  defaultTimezone: string | null;
  phone: string | null;
  viewCustoms: string | null;
  isDemo: boolean | null;
  platformRole: string | null;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Timestamp;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Timestamp;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  inviterId: string;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  /** Kept by whoever changes teamMember (better-auth counts seats with it). */
  memberCount: number;
  createdAt: Timestamp;
  updatedAt: Timestamp | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  /** better-auth's uniqueness key: base64url(sha256(JSON.stringify([teamId, userId]))). */
  membershipKey: string | null;
  createdAt: Timestamp | null;
}

// --- alerts ---
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
}

export interface NotificationPreferencesTable {
  organization_id: string;
  user_id: string;
  email: Generated<boolean>;
  slack: Generated<boolean>;
  digest: Generated<string>;
  kinds: Json;
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
}

export interface SlackConnectionsTable {
  organization_id: string;
  mode: string;
  webhook_url_sealed: string | null;
  bot_token_sealed: string | null;
  channel: string | null;
  team_name: string | null;
  alert_kinds: Json;
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
