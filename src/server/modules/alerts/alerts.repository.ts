import { type Kysely, sql, type Transaction } from 'kysely';
import type { CostFilter } from '../../../contracts/alerts.ts';
import { storableText, storableTextOrNull } from '../../../domain/storable-text.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
export type CostBasis = 'unblended' | 'amortized';

// ---------- budgets and rules ----------

export function listBudgetRows(db: Db, organizationId: string) {
  return db
    .selectFrom('budgets')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findBudgetRow(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('budgets')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface BudgetValues {
  name: string;
  amount_usd: number;
  period: string;
  cost_basis: string;
  filter: CostFilter;
  thresholds: unknown;
  paused: boolean;
}

export function insertBudget(db: Db, organizationId: string, createdBy: string, values: BudgetValues) {
  return db
    .insertInto('budgets')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      name: values.name,
      amount_usd: String(values.amount_usd),
      period: values.period,
      cost_basis: values.cost_basis,
      filter: JSON.stringify(values.filter),
      thresholds: JSON.stringify(values.thresholds),
      paused: values.paused,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateBudget(db: Db, organizationId: string, id: string, values: BudgetValues) {
  return db
    .updateTable('budgets')
    .set({
      name: values.name,
      amount_usd: String(values.amount_usd),
      period: values.period,
      cost_basis: values.cost_basis,
      filter: JSON.stringify(values.filter),
      thresholds: JSON.stringify(values.thresholds),
      paused: values.paused,
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function listRuleRows(db: Db, organizationId: string) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findRuleRow(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface RuleValues {
  kind: string;
  name: string;
  settings: unknown;
  filter: CostFilter;
  paused: boolean;
}

export function insertRule(db: Db, organizationId: string, createdBy: string, values: RuleValues) {
  return db
    .insertInto('alert_rules')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      kind: values.kind,
      name: values.name,
      settings: JSON.stringify(values.settings),
      filter: JSON.stringify(values.filter),
      paused: values.paused,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(db: Db, organizationId: string, id: string, values: RuleValues) {
  return db
    .updateTable('alert_rules')
    .set({
      name: values.name,
      settings: JSON.stringify(values.settings),
      filter: JSON.stringify(values.filter),
      paused: values.paused,
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---------- spend ----------

/** The last day with cost in the organization's data. */
export async function latestUsageDate(db: Db, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('cost_daily_rollups')
    .select((eb) => eb.fn.max('usage_date').as('day'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return (row?.day as string | null | undefined) ?? null;
}

/** Organizations with a budget or an alert rule (the schedule evaluates each). */
export async function organizationsToEvaluate(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('budgets')
    .select('organization_id')
    .union(db.selectFrom('alert_rules').select('organization_id'))
    .execute();
  return rows.map((row) => row.organization_id);
}

/** Spend per day (and per series when asked) in [from, to], filtered, summed in SQL. */
export async function dailySpend(
  db: Db,
  organizationId: string,
  filter: CostFilter,
  basis: CostBasis,
  from: string,
  to: string,
  seriesBy?: 'service' | 'account',
): Promise<Array<{ day: string; series: string; cost: number }>> {
  const column = sql.ref(basis === 'amortized' ? 'amortized_cost' : 'unblended_cost');
  const series = seriesBy ? sql.ref(seriesBy === 'account' ? 'usage_account_id' : 'service_name') : sql`''`;
  const conditions = [
    sql`organization_id = ${organizationId}`,
    sql`usage_date >= ${from}`,
    sql`usage_date <= ${to}`,
  ];
  if (filter.tag) conditions.push(sql`tag_key = ${filter.tag.key}`, sql`tag_value = ${filter.tag.value}`);
  if (filter.account_ids.length > 0) {
    conditions.push(sql`usage_account_id in (${sql.join(filter.account_ids)})`);
  }
  if (filter.services.length > 0) conditions.push(sql`service_name in (${sql.join(filter.services)})`);
  const table = sql.table(filter.tag ? 'cost_daily_tag_rollups' : 'cost_daily_rollups');
  const result = await sql<{ day: string; series: string; cost: string }>`
    select usage_date::text as day, ${series} as series, sum(${column})::text as cost
    from ${table}
    where ${sql.join(conditions, sql` and `)}
    group by 1, 2`.execute(db);
  return result.rows.map((row) => ({ day: row.day, series: row.series, cost: Number(row.cost) }));
}

// ---------- notifications (the outbox) ----------

export interface NewNotification {
  organizationId: string;
  dedupeKey: string;
  sourceKind: string;
  sourceId: string | null;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  accountIds: string[];
}

/** Inserts once per (organization, dedupe key); answers the id only when this call created it. */
export async function insertNotificationOnce(db: Db, notification: NewNotification): Promise<string | null> {
  const row = await db
    .insertInto('alert_notifications')
    .values({
      organization_id: notification.organizationId,
      dedupe_key: notification.dedupeKey,
      source_kind: notification.sourceKind,
      source_id: notification.sourceId,
      title: notification.title,
      summary: notification.summary,
      details: JSON.stringify(notification.details),
      account_ids: JSON.stringify(notification.accountIds),
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function firedDedupeKeys(db: Db, organizationId: string, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('alert_notifications')
    .select('dedupe_key')
    .where('organization_id', '=', organizationId)
    .where('dedupe_key', 'like', `${prefix}%`)
    .execute();
  return new Set(rows.map((row) => row.dedupe_key));
}

export function firedNotificationsOf(db: Db, organizationId: string, sourceId: string) {
  return db
    .selectFrom('alert_notifications')
    .select(['dedupe_key', 'fired_at'])
    .where('organization_id', '=', organizationId)
    .where('source_id', '=', sourceId)
    .execute();
}

export async function lastFiredBySource(db: Db, organizationId: string): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('alert_notifications')
    .select(['source_id', (eb) => eb.fn.max('fired_at').as('last')])
    .where('organization_id', '=', organizationId)
    .where('source_id', 'is not', null)
    .groupBy('source_id')
    .execute();
  return new Map(rows.map((row) => [row.source_id!, new Date(row.last as unknown as string)]));
}

export function findNotification(db: Db, id: string) {
  return db.selectFrom('alert_notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listNotificationRows(db: Db, organizationId: string, limit: number) {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('fired_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function listDeliveriesOf(db: Db, notificationIds: string[]) {
  if (notificationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('notification_id', 'in', notificationIds)
    .orderBy('channel')
    .orderBy('recipient')
    .execute();
}

export async function acknowledgeNotification(db: Db, id: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable('alert_notifications')
    .set({ acknowledged_at: new Date(), acknowledged_by: by })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------- deliveries ----------

export interface NewDelivery {
  channel: 'email' | 'slack';
  recipient: string;
  recipientUserId: string | null;
}

export async function insertDeliveries(db: Db, notificationId: string, deliveries: NewDelivery[]) {
  if (deliveries.length === 0) return [];
  return db
    .insertInto('alert_deliveries')
    .values(
      deliveries.map((delivery) => ({
        notification_id: notificationId,
        channel: delivery.channel,
        recipient: delivery.recipient,
        recipient_user_id: delivery.recipientUserId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['notification_id', 'channel', 'recipient']).doNothing())
    .returning('id')
    .execute();
}

/**
 * Claims a delivery for one attempt: only a pending one, or one whose lease ran out (its worker died).
 * One UPDATE decides, so two workers never both hold it.
 */
export async function claimDelivery(db: Db, id: string, leaseMs: number) {
  const leaseUntil = new Date(Date.now() + leaseMs);
  return db
    .updateTable('alert_deliveries')
    .set((eb) => ({ state: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'pending'),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', new Date())]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export function recordAttemptStart(db: Db, deliveryId: string, attempt: number, worker: string) {
  return db
    .insertInto('alert_delivery_attempts')
    .values({ delivery_id: deliveryId, attempt, worker })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function finishAttempt(db: Db, attemptId: string, outcome: string, error: string | null) {
  await db
    .updateTable('alert_delivery_attempts')
    .set({ outcome, error: storableTextOrNull(error), finished_at: new Date() })
    .where('id', '=', attemptId)
    .execute();
}

export async function markDelivered(db: Db, id: string) {
  await db
    .updateTable('alert_deliveries')
    .set({ state: 'delivered', delivered_at: new Date(), lease_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markAttemptFailed(db: Db, id: string, error: string, final: boolean) {
  await db
    .updateTable('alert_deliveries')
    .set({ state: final ? 'failed' : 'pending', lease_until: null, last_error: storableText(error) })
    .where('id', '=', id)
    .execute();
}

export function findDelivery(db: Db, id: string) {
  return db.selectFrom('alert_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAttempts(db: Db, deliveryId: string) {
  return db
    .selectFrom('alert_delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();
}

/** Deliveries left behind: pending without a job, or sending past their lease. */
export async function staleDeliveryIds(db: Db, olderThanMs: number): Promise<string[]> {
  const before = new Date(Date.now() - olderThanMs);
  const rows = await db
    .selectFrom('alert_deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('created_at', '<', before)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', new Date())]),
      ]),
    )
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}

// ---------- people, preferences, recipients ----------

export function listOrganizationPeople(db: Db, organizationId: string) {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'member.userId').on('p.organization_id', '=', organizationId),
    )
    .select([
      'member.userId as user_id',
      'member.role as role',
      'user.email as email',
      'user.name as name',
      'p.email as pref_email',
      'p.slack as pref_slack',
      'p.digest as pref_digest',
      'p.kinds as pref_kinds',
    ])
    .where('member.organizationId', '=', organizationId)
    .execute();
}

export function findPreferences(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function savePreferences(
  db: Db,
  organizationId: string,
  userId: string,
  values: { email: boolean; slack: boolean; digest: string; kinds: string[] },
) {
  const row = { ...values, kinds: JSON.stringify(values.kinds), updated_at: new Date() };
  await db
    .insertInto('notification_preferences')
    .values({ organization_id: organizationId, user_id: userId, ...row })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doUpdateSet(row))
    .execute();
}

export async function setEmailPreference(db: Db, organizationId: string, userId: string, email: boolean) {
  await db
    .insertInto('notification_preferences')
    .values({ organization_id: organizationId, user_id: userId, email, kinds: JSON.stringify(null) })
    .onConflict((conflict) => conflict.columns(['organization_id', 'user_id']).doUpdateSet({ email }))
    .execute();
}

export function listRecipients(db: Db, organizationId: string) {
  return db
    .selectFrom('alert_recipients')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('email')
    .execute();
}

export function findRecipient(db: Db, id: string) {
  return db.selectFrom('alert_recipients').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertRecipient(db: Db, organizationId: string, email: string, addedBy: string) {
  return db
    .insertInto('alert_recipients')
    .values({ organization_id: organizationId, email, added_by: addedBy })
    .onConflict((conflict) => conflict.columns(['organization_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRecipientsNotIn(db: Db, organizationId: string, emails: string[]) {
  let query = db.deleteFrom('alert_recipients').where('organization_id', '=', organizationId);
  if (emails.length > 0) query = query.where('email', 'not in', emails);
  await query.execute();
}

export async function confirmRecipient(db: Db, id: string) {
  await db
    .updateTable('alert_recipients')
    .set({ confirmed_at: new Date(), unsubscribed_at: null })
    .where('id', '=', id)
    .execute();
}

export async function unsubscribeRecipient(db: Db, id: string) {
  await db
    .updateTable('alert_recipients')
    .set({ unsubscribed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// ---------- slack, mutes, tokens ----------

export function findSlackConnection(db: Db, organizationId: string) {
  return db
    .selectFrom('slack_connections')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function saveSlackConnection(
  db: Db,
  organizationId: string,
  values: {
    mode: string;
    webhook_url_sealed: string | null;
    bot_token_sealed: string | null;
    channel: string | null;
    team_name: string | null;
    alert_kinds: string[];
  },
) {
  const row = { ...values, alert_kinds: JSON.stringify(values.alert_kinds), updated_at: new Date() };
  await db
    .insertInto('slack_connections')
    .values({ organization_id: organizationId, ...row })
    .onConflict((conflict) => conflict.column('organization_id').doUpdateSet(row))
    .execute();
}

export async function deleteSlackConnection(db: Db, organizationId: string) {
  await db.deleteFrom('slack_connections').where('organization_id', '=', organizationId).execute();
}

export async function muteInstance(
  db: Db,
  organizationId: string,
  instanceId: string,
  until: Date,
  by: string,
) {
  await db
    .insertInto('alert_instance_mutes')
    .values({ organization_id: organizationId, instance_id: instanceId, muted_until: until, muted_by: by })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'instance_id']).doUpdateSet({ muted_until: until, muted_by: by }),
    )
    .execute();
}

export async function mutedInstances(db: Db, organizationId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('alert_instance_mutes')
    .select('instance_id')
    .where('organization_id', '=', organizationId)
    .where('muted_until', '>', new Date())
    .execute();
  return new Set(rows.map((row) => row.instance_id));
}

/** Marks a link token used; false when it already was. */
export async function markLinkTokenUsed(db: Db, tokenId: string): Promise<boolean> {
  const row = await db
    .insertInto('used_alert_link_tokens')
    .values({ token_id: tokenId })
    .onConflict((conflict) => conflict.column('token_id').doNothing())
    .returning('token_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** Budget alerts nobody acknowledged, fired before `firedBefore`, with their period's last day. */
export function unacknowledgedBudgetAlerts(db: Db, firedBefore: Date) {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('source_kind', '=', 'budget')
    .where('acknowledged_at', 'is', null)
    .where('fired_at', '<', firedBefore)
    .where(sql<boolean>`details->>'reminderOf' is null`)
    .execute();
}

/** Acknowledges a reminder's original alert with it (one acknowledgement stops all reminders). */
export async function acknowledgeOriginal(db: Db, reminderDetails: unknown, by: string): Promise<void> {
  const original = (reminderDetails as { reminderOf?: string } | null)?.reminderOf;
  if (original) await acknowledgeNotification(db, original, by);
}

/**
 * Daily cost of one anomalous series split by service, account, region and usage type (from the
 * facts, which keep the usage type), in [from, to]: what the root-cause ranking compares.
 */
export async function dimensionSpend(
  db: Db,
  organizationId: string,
  series: { column: 'service_name' | 'usage_account_id'; value: string },
  filter: CostFilter,
  from: string,
  to: string,
): Promise<
  Array<{ day: string; service: string; account: string; region: string; usageType: string; cost: number }>
> {
  const conditions = [
    sql`organization_id = ${organizationId}`,
    sql`usage_date >= ${from}`,
    sql`usage_date <= ${to}`,
    sql`${sql.ref(series.column)} = ${series.value}`,
  ];
  if (filter.account_ids.length > 0)
    conditions.push(sql`usage_account_id in (${sql.join(filter.account_ids)})`);
  if (filter.services.length > 0) conditions.push(sql`service_name in (${sql.join(filter.services)})`);
  if (filter.tag) conditions.push(sql`tags ->> ${filter.tag.key} = ${filter.tag.value}`);
  const result = await sql<{
    day: string;
    service: string;
    account: string;
    region: string;
    usage_type: string;
    cost: string;
  }>`
    select usage_date::text as day, service_name as service, usage_account_id as account, region,
           usage_type, sum(unblended_cost)::text as cost
    from cost_daily_facts
    where ${sql.join(conditions, sql` and `)}
    group by 1, 2, 3, 4, 5`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    service: row.service,
    account: row.account,
    region: row.region,
    usageType: row.usage_type,
    cost: Number(row.cost),
  }));
}

/** People who asked for a daily or weekly digest, with their address. */
export function listDigestSubscribers(db: Db) {
  return db
    .selectFrom('notification_preferences as p')
    .innerJoin('user', 'user.id', 'p.user_id')
    .innerJoin('member', (join) =>
      join.onRef('member.userId', '=', 'p.user_id').onRef('member.organizationId', '=', 'p.organization_id'),
    )
    .select(['p.organization_id', 'p.user_id', 'p.digest', 'user.email'])
    .where('p.digest', 'in', ['daily', 'weekly'])
    .execute();
}

/** The newest alerts sent to one person of the organization, by any channel, newest first. */
export function listRecentAlertsOf(db: Db, organizationId: string, userId: string, limit: number) {
  return db
    .selectFrom('alert_deliveries')
    .innerJoin('alert_notifications', 'alert_notifications.id', 'alert_deliveries.notification_id')
    .select([
      'alert_notifications.id',
      'alert_notifications.title',
      'alert_notifications.source_kind',
      'alert_notifications.fired_at',
      'alert_deliveries.channel',
      'alert_deliveries.state',
    ])
    .where('alert_notifications.organization_id', '=', organizationId)
    .where('alert_deliveries.recipient_user_id', '=', userId)
    .orderBy('alert_notifications.fired_at', 'desc')
    .limit(limit)
    .execute();
}

/** The tables of an organization's alert settings, deleted and counted the same way. */
type AlertSettingsTable = 'budgets' | 'alert_rules';

export async function deleteOwnedRow(
  db: Db,
  table: AlertSettingsTable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countOwnedRows(
  db: Db,
  table: AlertSettingsTable,
  organizationId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
