/** The outbox: one alert_notifications row per firing, written before anything is sent. */
import { type Kysely, sql, type Transaction } from 'kysely';
import { databaseNow, databaseNowPlus } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

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

/** Kinds of the outbox that only endpoints receive: they are not alerts of the history (decision 058). */
export const ENDPOINT_ONLY_KINDS = ['digest', 'endpoint-test'];

export function listNotificationRows(db: Db, organizationId: string, limit: number) {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('source_kind', 'not in', ENDPOINT_ONLY_KINDS)
    .orderBy('fired_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function acknowledgeNotification(db: Db, id: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable('alert_notifications')
    .set({ acknowledged_at: databaseNow(), acknowledged_by: by })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
 * An organization's notifications of one kind fired within the last `withinMs`, newest first (the
 * digest's period), on the database's clock that stamps `fired_at` (decision 076).
 */
export function notificationsFiredWithin(
  db: Db,
  organizationId: string,
  sourceKind: string,
  withinMs: number,
) {
  return db
    .selectFrom('alert_notifications')
    .select(['title', 'fired_at', 'account_ids', 'details'])
    .where('organization_id', '=', organizationId)
    .where('source_kind', '=', sourceKind)
    .where('fired_at', '>=', databaseNowPlus(-withinMs))
    .orderBy('fired_at', 'desc')
    .execute();
}
