import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema, SubscriptionsTable } from '../../db/schema.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionPatch = Omit<Updateable<SubscriptionsTable>, 'organization_id' | 'updated_at'>;

export async function findSubscription(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/**
 * The organization's row, locked for the rest of the transaction so two webhooks for the same
 * organization apply one after the other. Organizations without a row are on free: one is created.
 */
export async function lockSubscription(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<SubscriptionRow> {
  await db
    .insertInto('subscriptions')
    .values({ organization_id: organizationId })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveSubscription(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  patch: SubscriptionPatch,
): Promise<void> {
  const values: Insertable<SubscriptionsTable> = { organization_id: organizationId, ...patch };
  await db
    .insertInto('subscriptions')
    .values({ ...values, updated_at: databaseNow() })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...patch, updated_at: databaseNow() }))
    .execute();
}

export async function findOrganizationIdByStripeIds(
  db: Kysely<DatabaseSchema>,
  ids: { customerId: string | null; subscriptionId: string | null },
): Promise<string | undefined> {
  const { customerId, subscriptionId } = ids;
  if (!customerId && !subscriptionId) return undefined;
  const row = await db
    .selectFrom('subscriptions')
    .select('organization_id')
    .where((eb) =>
      eb.or([
        ...(customerId ? [eb('stripe_customer_id', '=', customerId)] : []),
        ...(subscriptionId ? [eb('stripe_subscription_id', '=', subscriptionId)] : []),
      ]),
    )
    .executeTakeFirst();
  return row?.organization_id;
}

/** Records a Stripe event id; false when it was recorded before (a replay or a duplicate delivery). */
export async function recordStripeEvent(
  db: Kysely<DatabaseSchema>,
  event: { eventId: string; type: string; organizationId: string | null; outcome: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('stripe_events')
    .values({
      event_id: event.eventId,
      type: event.type,
      organization_id: event.organizationId,
      outcome: event.outcome,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setStripeEventOutcome(
  db: Kysely<DatabaseSchema>,
  eventId: string,
  outcome: string,
): Promise<void> {
  await db.updateTable('stripe_events').set({ outcome }).where('event_id', '=', eventId).execute();
}

export async function organizationExists(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}
