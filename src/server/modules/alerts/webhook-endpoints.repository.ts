/** The organization's webhook and Teams endpoints (decision 058); their deliveries live in the outbox. */
import type { Kysely, Transaction } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function listEndpoints(db: Db, organizationId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One endpoint of the organization; another organization's id finds nothing. */
export function findEndpoint(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** For the delivery worker, which holds the id from its own outbox row. */
export function findEndpointById(db: Db, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countEndpoints(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface EndpointValues {
  kind: string;
  description: string;
  url_sealed: string;
  url_hint: string;
  mutedKinds: string[];
  digest: string;
  secret_sealed: string | null;
  secret_hint: string | null;
}

export function insertEndpoint(db: Db, organizationId: string, createdBy: string, values: EndpointValues) {
  const { mutedKinds, ...rest } = values;
  return db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      ...rest,
      muted_kinds: JSON.stringify(mutedKinds),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface EndpointChange {
  description?: string;
  url_sealed?: string;
  url_hint?: string;
  mutedKinds?: string[];
  digest?: string;
  secret_sealed?: string;
  secret_hint?: string;
  previous_secret_sealed?: string | null;
  previous_secret_until?: Date | null;
  resume?: boolean;
}

export function updateEndpoint(db: Db, organizationId: string, id: string, change: EndpointChange) {
  const { mutedKinds, resume, ...rest } = change;
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...rest,
      ...(mutedKinds ? { muted_kinds: JSON.stringify(mutedKinds) } : {}),
      ...(resume ? { paused_at: null, failing_since: null } : {}),
      updated_at: databaseNow(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, organizationId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A failed attempt: the failing streak starts now unless it already runs; answers the endpoint after. */
export function recordEndpointFailure(db: Db, id: string, at: Date) {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function recordEndpointSuccess(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Pauses once: only the call that paused it answers true (and tells the owners). */
export async function pauseEndpoint(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ paused_at: at })
    .where('id', '=', id)
    .where('paused_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Endpoints, not paused, that take the digest of this period. */
export function listDigestEndpoints(db: Db, period: 'daily' | 'weekly') {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('digest', '=', period)
    .where('paused_at', 'is', null)
    .execute();
}
