import { type Kysely, type Selectable, sql } from 'kysely';
import type { LaunchChange, LaunchResourceKind } from '../../../domain/launch-changes.ts';
import type { RegionProbe, RegionProbeOutcome } from '../../../domain/launch-event-regions.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema, LaunchChangesTable, LaunchEventQueuesTable } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface ChangeOwner {
  organizationId: string;
  integrationId: string;
}

export type LaunchEventQueueRow = Selectable<LaunchEventQueuesTable>;

function toChange(row: Selectable<LaunchChangesTable>): LaunchChange {
  return {
    changeId: row.change_id,
    eventId: row.event_id,
    eventName: row.event_name,
    action: row.action as LaunchChange['action'],
    resource: {
      kind: row.resource_kind as LaunchResourceKind,
      id: row.resource_id,
      type: row.resource_type ?? undefined,
      multiAz: row.multi_az ?? undefined,
      engine: row.engine ?? undefined,
    },
    count: row.count,
    region: row.region,
    accountId: row.account_id,
    who: row.who ?? undefined,
    at: row.event_time,
    atMs: row.event_at.getTime(),
  };
}

/**
 * Stores the changes of one integration; the unique (integration, change id) makes a redelivery a
 * no-op. Answers the change ids that were new (the ones to tell listeners about).
 */
export async function insertLaunchChanges(
  db: Db,
  owner: ChangeOwner,
  changes: readonly LaunchChange[],
  via: 'sqs' | 'api-destination',
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const inserted = await db
    .insertInto('launch_changes')
    .values(
      changes.map((change) => ({
        organization_id: owner.organizationId,
        integration_id: owner.integrationId,
        change_id: change.changeId,
        event_id: change.eventId,
        event_name: change.eventName,
        action: change.action,
        resource_kind: change.resource.kind,
        resource_id: change.resource.id,
        resource_type: change.resource.type ?? null,
        multi_az: change.resource.multiAz ?? null,
        engine: change.resource.engine ?? null,
        count: change.count,
        region: change.region,
        account_id: change.accountId,
        who: change.who ?? null,
        event_time: change.at,
        event_at: new Date(change.atMs),
        via,
      })),
    )
    .onConflict((conflict) => conflict.columns(['integration_id', 'change_id']).doNothing())
    .returning('change_id')
    .execute();
  return new Set(inserted.map((row) => row.change_id));
}

/** The organization's changes since a time, of some integrations or all, oldest first. */
export async function listLaunchChanges(
  db: Db,
  organizationId: string,
  options: { integrationIds?: readonly string[]; since: Date },
): Promise<Array<{ integrationId: string; change: LaunchChange }>> {
  let query = db
    .selectFrom('launch_changes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('event_at', '>=', options.since);
  if (options.integrationIds) {
    if (options.integrationIds.length === 0) return [];
    query = query.where('integration_id', 'in', options.integrationIds);
  }
  const rows = await query.orderBy('event_at').orderBy('change_id').execute();
  return rows.map((row) => ({ integrationId: row.integration_id, change: toChange(row) }));
}

/**
 * The regions where one account of an integration started a NAT gateway or an instance within a window
 * of event times (the usage meter reads them, decision 144), found by the organization's time index.
 */
export async function regionsOfStartsBetween(
  db: Db,
  owner: { organizationId: string; integrationId: string; accountId: string },
  window: { since: Date; until: Date },
): Promise<string[]> {
  const rows = await db
    .selectFrom('launch_changes')
    .select('region')
    .distinct()
    .where('organization_id', '=', owner.organizationId)
    .where('event_at', '>=', window.since)
    .where('event_at', '<=', window.until)
    .where('integration_id', '=', owner.integrationId)
    .where('account_id', '=', owner.accountId)
    .where('action', '=', 'start')
    .where('resource_kind', 'in', ['nat-gateway', 'ec2-instance'])
    .execute();
  return rows.map((row) => row.region).sort();
}

/** The last state-change notification and the last CloudTrail call of each of the organization's integrations. */
export async function lastEventTimes(
  db: Db,
  organizationId: string,
): Promise<Map<string, { stateChange: Date | null; apiCall: Date | null }>> {
  const result = await sql<{ integration_id: string; state_change: Date | null; api_call: Date | null }>`
    select integration_id,
      max(event_at) filter (where event_name like 'state:%') as state_change,
      max(event_at) filter (where event_name not like 'state:%') as api_call
    from launch_changes where organization_id = ${organizationId} group by integration_id`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.integration_id,
      {
        stateChange: row.state_change === null ? null : new Date(row.state_change),
        apiCall: row.api_call === null ? null : new Date(row.api_call),
      },
    ]),
  );
}

/** Keeps a message that was not a launch event; the same SQS message counts once. */
export async function insertRejection(
  db: Db,
  owner: ChangeOwner,
  rejection: { region: string; messageId: string; body: string; reason: string; message: string },
): Promise<void> {
  await db
    .insertInto('launch_event_rejections')
    .values({
      organization_id: owner.organizationId,
      integration_id: owner.integrationId,
      region: rejection.region,
      message_id: rejection.messageId,
      body: rejection.body,
      reason: rejection.reason,
      message: rejection.message,
    })
    .onConflict((conflict) => conflict.columns(['integration_id', 'message_id']).doNothing())
    .execute();
}

export async function countRejections(db: Db, organizationId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('launch_event_rejections')
    .select(['integration_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('organization_id', '=', organizationId)
    .groupBy('integration_id')
    .execute();
  return new Map(rows.map((row) => [row.integration_id, Number(row.count)]));
}

/**
 * The kept rejections of one integration, newest first (for inspection): the body's first
 * `bodyChars` characters and its whole length, and how many are kept in all. One statement, so the
 * count and the rows see the same rejections.
 */
export async function listRejections(
  db: Db,
  owner: ChangeOwner,
  options: { limit: number; bodyChars: number },
) {
  const found = await db
    .selectFrom('launch_event_rejections')
    .where('organization_id', '=', owner.organizationId)
    .where('integration_id', '=', owner.integrationId)
    .select([
      'region',
      'message_id',
      'reason',
      'message',
      'received_at',
      sql<string>`left(body, ${options.bodyChars})`.as('body'),
      sql<number>`char_length(body)`.as('body_length'),
      sql<string>`count(*) over ()`.as('kept'),
    ])
    .orderBy('received_at', 'desc')
    .orderBy('message_id')
    .limit(options.limit)
    .execute();
  const rows = found.map(({ kept: _kept, ...row }) => row);
  return { rows, total: Number(found[0]?.kept ?? 0) };
}

/** Records how one queue's poll went; event times only move forward. */
export async function recordQueueState(
  db: Db,
  owner: ChangeOwner,
  queue: {
    region: string;
    queueUrl: string;
    state: string;
    message: string | null;
    polledAt: Date;
    lastStateChangeAt?: Date;
    lastApiCallAt?: Date;
  },
): Promise<void> {
  const stateChange = queue.lastStateChangeAt ?? null;
  const apiCall = queue.lastApiCallAt ?? null;
  await db
    .insertInto('launch_event_queues')
    .values({
      integration_id: owner.integrationId,
      organization_id: owner.organizationId,
      region: queue.region,
      queue_url: queue.queueUrl,
      state: queue.state,
      message: queue.message,
      last_polled_at: queue.polledAt,
      last_state_change_at: stateChange,
      last_api_call_at: apiCall,
      updated_at: databaseNow(),
    })
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'region']).doUpdateSet({
        queue_url: queue.queueUrl,
        state: queue.state,
        message: queue.message,
        last_polled_at: queue.polledAt,
        last_state_change_at: sql`greatest(launch_event_queues.last_state_change_at, ${stateChange}::timestamptz)`,
        last_api_call_at: sql`greatest(launch_event_queues.last_api_call_at, ${apiCall}::timestamptz)`,
        updated_at: databaseNow(),
      }),
    )
    .execute();
}

export async function listQueueStates(db: Db, organizationId: string): Promise<LaunchEventQueueRow[]> {
  return db
    .selectFrom('launch_event_queues')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('integration_id')
    .orderBy('region')
    .execute();
}

/** The last answer of each region asked for one integration's queue (the poller's memory between sessions). */
export async function listRegionProbes(db: Db, integrationId: string): Promise<RegionProbe[]> {
  const rows = await db
    .selectFrom('launch_event_region_probes')
    .select(['region', 'outcome', 'probed_at'])
    .where('integration_id', '=', integrationId)
    .orderBy('region')
    .execute();
  return rows.map((row) => ({
    region: row.region,
    outcome: row.outcome as RegionProbeOutcome,
    probedAtMs: row.probed_at.getTime(),
  }));
}

/** The organization's region answers, by integration (the status reads them). */
export async function regionProbesOf(db: Db, organizationId: string): Promise<Map<string, RegionProbe[]>> {
  const rows = await db
    .selectFrom('launch_event_region_probes')
    .select(['integration_id', 'region', 'outcome', 'probed_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('integration_id')
    .orderBy('region')
    .execute();
  const probes = new Map<string, RegionProbe[]>();
  for (const row of rows)
    probes.set(row.integration_id, [
      ...(probes.get(row.integration_id) ?? []),
      { region: row.region, outcome: row.outcome as RegionProbeOutcome, probedAtMs: row.probed_at.getTime() },
    ]);
  return probes;
}

/**
 * Keeps the regions' answers, and forgets the queue lines of regions without a queue: a region
 * nobody deployed the stack to is no error of the integration's.
 */
export async function saveRegionProbes(
  db: Db,
  owner: ChangeOwner,
  probes: readonly RegionProbe[],
): Promise<void> {
  if (probes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('launch_event_region_probes')
      .values(
        probes.map((probe) => ({
          integration_id: owner.integrationId,
          organization_id: owner.organizationId,
          region: probe.region,
          outcome: probe.outcome,
          probed_at: new Date(probe.probedAtMs),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['integration_id', 'region']).doUpdateSet((eb) => ({
          outcome: eb.ref('excluded.outcome'),
          probed_at: eb.ref('excluded.probed_at'),
        })),
      )
      .execute();
    const withoutQueue = probes.filter((probe) => probe.outcome !== 'queue').map((probe) => probe.region);
    if (withoutQueue.length > 0)
      await trx
        .deleteFrom('launch_event_queues')
        .where('integration_id', '=', owner.integrationId)
        .where('region', 'in', withoutQueue)
        .execute();
  });
}

export async function saveSecretHash(
  db: Db,
  owner: ChangeOwner,
  secretHash: string,
  createdAt: Date,
): Promise<Date> {
  await db
    .insertInto('launch_event_secrets')
    .values({
      integration_id: owner.integrationId,
      organization_id: owner.organizationId,
      secret_hash: secretHash,
      created_at: createdAt,
    })
    .onConflict((conflict) =>
      conflict.column('integration_id').doUpdateSet({ secret_hash: secretHash, created_at: createdAt }),
    )
    .execute();
  return createdAt;
}

export async function deleteSecret(db: Db, owner: ChangeOwner): Promise<boolean> {
  const deleted = await db
    .deleteFrom('launch_event_secrets')
    .where('organization_id', '=', owner.organizationId)
    .where('integration_id', '=', owner.integrationId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export async function findSecretHash(db: Db, integrationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('launch_event_secrets')
    .select('secret_hash')
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  return row?.secret_hash;
}

export async function integrationsWithSecrets(db: Db, organizationId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('launch_event_secrets')
    .select('integration_id')
    .where('organization_id', '=', organizationId)
    .execute();
  return new Set(rows.map((row) => row.integration_id));
}

/** Takes the integration's poller lease when nobody holds it (or it ran out); false when another holds it. */
export async function acquirePollerLease(
  db: Db,
  integrationId: string,
  holder: string,
  lease: { now: Date; until: Date },
): Promise<boolean> {
  const taken = await db
    .insertInto('launch_event_poller_leases')
    .values({ integration_id: integrationId, holder, held_until: lease.until })
    .onConflict((conflict) =>
      conflict
        .column('integration_id')
        .doUpdateSet({ holder, held_until: lease.until })
        .where('launch_event_poller_leases.held_until', '<', lease.now),
    )
    .returning('integration_id')
    .executeTakeFirst();
  return taken !== undefined;
}

export async function releasePollerLease(db: Db, integrationId: string, holder: string): Promise<void> {
  await db
    .deleteFrom('launch_event_poller_leases')
    .where('integration_id', '=', integrationId)
    .where('holder', '=', holder)
    .execute();
}
