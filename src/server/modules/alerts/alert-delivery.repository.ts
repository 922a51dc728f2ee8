/** Deliveries of each alert to each address or channel, their attempts and the leases that claim them. */
import type { Kysely, Transaction } from 'kysely';
import { storableText, storableTextOrNull } from '../../../domain/storable-text.ts';
import { databaseNow, databaseNowPlus } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

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

export interface NewDelivery {
  channel: 'email' | 'slack' | 'webhook' | 'teams';
  recipient: string;
  recipientUserId: string | null;
  /** A webhook or Teams endpoint (decision 058). */
  endpointId?: string;
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
        endpoint_id: delivery.endpointId ?? null,
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
  const leaseUntil = databaseNowPlus(leaseMs);
  return db
    .updateTable('alert_deliveries')
    .set((eb) => ({ state: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'pending'),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', databaseNow())]),
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

export async function finishAttempt(
  db: Db,
  attemptId: string,
  outcome: string,
  error: string | null,
  /** A webhook or Teams receiver's answer: its HTTP status (null when none came) and how long it took. */
  answer: { statusCode: number | null; durationMs: number } | null = null,
) {
  await db
    .updateTable('alert_delivery_attempts')
    .set({
      outcome,
      error: storableTextOrNull(error),
      finished_at: databaseNow(),
      status_code: answer?.statusCode ?? null,
      duration_ms: answer?.durationMs ?? null,
    })
    .where('id', '=', attemptId)
    .execute();
}

export async function markDelivered(db: Db, id: string) {
  await db
    .updateTable('alert_deliveries')
    .set({ state: 'delivered', delivered_at: databaseNow(), lease_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Where Slack's Web API put an alert, so replies go to its thread (decision 132). */
export async function recordSlackMessage(db: Db, id: string, message: { channel: string; ts: string }) {
  await db
    .updateTable('alert_deliveries')
    .set({ slack_channel: message.channel, slack_ts: message.ts })
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
  const before = databaseNowPlus(-olderThanMs);
  const rows = await db
    .selectFrom('alert_deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('created_at', '<', before)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', databaseNow())]),
      ]),
    )
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
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
      'alert_notifications.account_ids',
      'alert_notifications.details',
      'alert_deliveries.channel',
      'alert_deliveries.state',
    ])
    .where('alert_notifications.organization_id', '=', organizationId)
    .where('alert_deliveries.recipient_user_id', '=', userId)
    .orderBy('alert_notifications.fired_at', 'desc')
    .limit(limit)
    .execute();
}

/** An endpoint's newest deliveries with what each notification was (the delivery log, decision 058). */
export function listEndpointDeliveries(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('alert_deliveries')
    .innerJoin('alert_notifications', 'alert_notifications.id', 'alert_deliveries.notification_id')
    .select([
      'alert_deliveries.id',
      'alert_deliveries.state',
      'alert_deliveries.created_at',
      'alert_deliveries.delivered_at',
      'alert_deliveries.last_error',
      'alert_notifications.title',
      'alert_notifications.source_kind',
      'alert_notifications.details',
    ])
    .where('alert_deliveries.endpoint_id', '=', endpointId)
    .orderBy('alert_deliveries.created_at', 'desc')
    .orderBy('alert_deliveries.id')
    .limit(limit)
    .execute();
}

export function listAttemptsOfDeliveries(db: Db, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alert_delivery_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('started_at')
    .execute();
}

/**
 * Sends a finished delivery of an endpoint again (the redeliver button): back to pending with a fresh
 * round of attempts; its earlier attempts stay in the log.
 */
export function reopenEndpointDelivery(db: Db, endpointId: string, id: string) {
  return db
    .updateTable('alert_deliveries')
    .set({ state: 'pending', attempts: 0, lease_until: null, last_error: null, delivered_at: null })
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .where('state', 'in', ['delivered', 'failed'])
    .returning('id')
    .executeTakeFirst();
}

export function findEndpointDelivery(db: Db, endpointId: string, id: string) {
  return db
    .selectFrom('alert_deliveries')
    .select(['id', 'state'])
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}
