import type { DatabaseSchema } from '../schema.ts';

/**
 * Which module owns each table: only that module's code (src/server/modules/<owner>/) names the table in
 * SQL; every other module asks the owner's service. `npm run lint` checks the SQL against this map
 * (scripts/check-table-ownership.ts) and that db/schema/<owner>.ts declares exactly these tables.
 * A new table gets its line here with its migration; the types make a missing or stale line a compile error.
 */
export const TABLE_OWNERS = {
  user: 'accounts',
  session: 'accounts',
  used_verification_tokens: 'accounts',
  user_avatars: 'users',
  organization: 'organizations',
  member: 'organizations',
  invitation: 'organizations',
  team: 'organizations',
  teamMember: 'organizations',
  member_slugs: 'organizations',
  team_slugs: 'organizations',
  team_cost_scopes: 'organizations',
  page_views: 'analytics',
  analytics_events: 'analytics',
  mail_outbox: 'mail',
  chat_visitor_tokens: 'chat',
  chat_conversations: 'chat',
  chat_messages: 'chat',
  consultation_bookings: 'consultations',
  integrations: 'integrations',
  ingestion_runs: 'cost-data',
  cost_daily_facts: 'cost-data',
  cost_fact_staging: 'cost-data',
  cost_daily_rollups: 'cost-data',
  cost_monthly_rollups: 'cost-data',
  cost_daily_totals: 'cost-data',
  cost_daily_tag_rollups: 'cost-data',
  cost_monthly_tag_rollups: 'cost-data',
  cost_daily_tag_set_rollups: 'cost-data',
  cost_data_integrations: 'cost-data',
  cost_monthly_resource_costs: 'cost-data',
  cost_resource_cost_staging: 'cost-data',
  ec2_instances: 'recommendations',
  ec2_instance_metrics: 'recommendations',
  ec2_findings: 'recommendations',
  ec2_finding_actions: 'recommendations',
  rightsizing_settings: 'recommendations',
  ec2_price_lists: 'recommendations',
  subscriptions: 'billing',
  stripe_events: 'billing',
  credit_codes: 'billing',
  credit_grants: 'billing',
  credit_usages: 'billing',
  budgets: 'alerts',
  alert_rules: 'alerts',
  alert_notifications: 'alerts',
  alert_deliveries: 'alerts',
  alert_delivery_attempts: 'alerts',
  notification_preferences: 'alerts',
  alert_recipients: 'alerts',
  slack_connections: 'alerts',
  alert_instance_mutes: 'alerts',
  used_alert_link_tokens: 'alerts',
  webhook_endpoints: 'alerts',
  launch_changes: 'launch-events',
  launch_event_rejections: 'launch-events',
  launch_event_queues: 'launch-events',
  launch_event_region_probes: 'launch-events',
  launch_event_poller_leases: 'launch-events',
  launch_event_secrets: 'launch-events',
  usage_meter_periods: 'usage-meter',
  usage_meter_cursors: 'usage-meter',
  api_tokens: 'api-tokens',
  api_token_events: 'api-tokens',
} as const satisfies { [Table in keyof DatabaseSchema]: string };

/**
 * Who people are and where they belong: any module may read these (to name a person, check a membership,
 * scope by organization) without asking their owner. Writing them stays with the owner.
 */
export const READABLE_BY_EVERY_MODULE: ReadonlySet<string> = new Set<keyof DatabaseSchema>([
  'user',
  'member',
  'organization',
]);
