import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseSchema, WasteFinderStatesTable, WasteResourcesTable } from '../../db/schema.ts';
import type {
  CollectedWasteResource,
  WasteFinderOutcome,
} from '../integrations/aws/waste-inventory-collector.ts';

// The volumes, snapshots and addresses each sync observed (decision 101). The sync hands them to
// RecommendationsService.storeWasteInventory; the waste findings are computed from them when read.

export type WasteResourceRow = Selectable<WasteResourcesTable>;
export type WasteFinderStateRow = Selectable<WasteFinderStatesTable>;

const ROWS_PER_INSERT = 500;

export interface WasteOwner {
  organizationId: string;
  integrationId: string;
  accountId: string;
  observedAt: Date;
}

/**
 * When a volume has been unattached since: kept from the last sync while it stays unattached; the sync
 * that sees it detached after having seen it attached; its creation when first seen already unattached
 * (DescribeVolumes has no detach time); none while attached.
 */
function unattachedSince(
  resource: CollectedWasteResource,
  previous: { unattached_since: Date | null; attributes: unknown } | undefined,
  observedAt: Date,
): Date | null {
  if (resource.resourceType !== 'volume' || resource.attributes.attachedTo) return null;
  if (previous?.unattached_since) return previous.unattached_since;
  if (previous) return observedAt;
  const created = resource.attributes.createTime;
  return typeof created === 'string' ? new Date(created) : observedAt;
}

async function replaceResourcesOfType(
  trx: Transaction<DatabaseSchema>,
  owner: WasteOwner,
  resourceType: string,
  resources: CollectedWasteResource[],
) {
  const previousRows = await trx
    .selectFrom('waste_resources')
    .select(['resource_id', 'unattached_since', 'attributes'])
    .where('integration_id', '=', owner.integrationId)
    .where('account_id', '=', owner.accountId)
    .where('resource_type', '=', resourceType)
    .execute();
  const previous = new Map(previousRows.map((row) => [row.resource_id, row]));
  const seen = new Set(resources.map((resource) => resource.resourceId));
  const gone = previousRows.map((row) => row.resource_id).filter((id) => !seen.has(id));
  for (let offset = 0; offset < gone.length; offset += ROWS_PER_INSERT) {
    const batch = gone.slice(offset, offset + ROWS_PER_INSERT);
    await trx
      .deleteFrom('waste_resources')
      .where('integration_id', '=', owner.integrationId)
      .where('resource_id', 'in', batch)
      .execute();
    // A dismissal, snooze or "expected" ends with its resource (decision 100).
    await trx
      .deleteFrom('waste_finding_actions')
      .where('integration_id', '=', owner.integrationId)
      .where('resource_id', 'in', batch)
      .execute();
  }
  for (let offset = 0; offset < resources.length; offset += ROWS_PER_INSERT) {
    const rows = resources.slice(offset, offset + ROWS_PER_INSERT).map((resource) => ({
      organization_id: owner.organizationId,
      integration_id: owner.integrationId,
      account_id: owner.accountId,
      region: resource.region,
      resource_type: resource.resourceType,
      resource_id: resource.resourceId,
      attributes: JSON.stringify(resource.attributes),
      tags: JSON.stringify(resource.tags),
      unattached_since: unattachedSince(resource, previous.get(resource.resourceId), owner.observedAt),
      observed_at: owner.observedAt,
    }));
    await trx
      .insertInto('waste_resources')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['organization_id', 'integration_id', 'resource_id']).doUpdateSet((eb) => ({
          account_id: eb.ref('excluded.account_id'),
          region: eb.ref('excluded.region'),
          attributes: eb.ref('excluded.attributes'),
          tags: eb.ref('excluded.tags'),
          unattached_since: eb.ref('excluded.unattached_since'),
          observed_at: eb.ref('excluded.observed_at'),
        })),
      )
      .execute();
  }
}

/** How one account's finder (a waste finder or an import of AWS's recommendations) ended at its last sync. */
export async function recordFinderState(
  trx: Transaction<DatabaseSchema>,
  owner: WasteOwner,
  outcome: Pick<WasteFinderStateRow, 'finder' | 'state' | 'permission' | 'message' | 'regions' | 'calls'>,
): Promise<void> {
  const state = {
    state: outcome.state,
    permission: outcome.permission,
    message: outcome.message,
    regions: outcome.regions,
    calls: outcome.calls,
    checked_at: owner.observedAt,
  };
  await trx
    .insertInto('waste_finder_states')
    .values({
      organization_id: owner.organizationId,
      integration_id: owner.integrationId,
      account_id: owner.accountId,
      finder: outcome.finder,
      ...state,
    })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'integration_id', 'account_id', 'finder']).doUpdateSet(state),
    )
    .execute();
}

/**
 * One account's finders: each finder that finished replaces its kind of resource (those gone leave,
 * with their actions); one that could not finish leaves the previous ones and records why. One transaction.
 */
export async function storeWasteInventory(
  db: Kysely<DatabaseSchema>,
  owner: WasteOwner,
  outcomes: WasteFinderOutcome[],
  resourceTypeOf: (finder: string) => string,
): Promise<{ resources: number }> {
  let resources = 0;
  await db.transaction().execute(async (trx) => {
    for (const outcome of outcomes) {
      if (outcome.resources) {
        await replaceResourcesOfType(trx, owner, resourceTypeOf(outcome.finder), outcome.resources);
        resources += outcome.resources.length;
      }
      await recordFinderState(trx, owner, outcome);
    }
  });
  return { resources };
}

export function listWasteResources(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('waste_resources')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('resource_id')
    .execute();
}

export function listWasteFinderStates(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('waste_finder_states')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('account_id')
    .orderBy('finder')
    .execute();
}
