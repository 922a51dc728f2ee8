/** Deliveries of each alert to each address or channel, their attempts and the leases that claim them. */
import type { Kysely, Transaction } from 'kysely';
import { storableText, storableTextOrNull } from '../../../domain/storable-text.ts';
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
