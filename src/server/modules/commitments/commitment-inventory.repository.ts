import type { Kysely, Selectable } from 'kysely';
import type { CommitmentInventoryTable, DatabaseSchema } from '../../db/schema.ts';
import type { ApiCommitment, CommitmentApi } from '../integrations/aws/commitment-inventory-collector.ts';

// The commitments the AWS APIs list for each account of an integration (decision 122). The sync hands
// them to CommitmentsService.storeInventory; the Commitments page merges them with the bill's.

export type CommitmentInventoryRow = Selectable<CommitmentInventoryTable>;

export interface InventoryOwner {
  organizationId: string;
  integrationId: string;
  accountId: string;
  observedAt: Date;
}

const API_OF_KIND: Record<ApiCommitment['kind'], CommitmentApi> = {
  'savings-plan': 'savings-plans',
  'ec2-reservation': 'ec2-reservations',
  'rds-reservation': 'rds-reservations',
};

/**
 * One account's commitments replaced, for the APIs that answered only: an API that failed this time
 * keeps what it listed last time, so a throttled or refused read never empties the list.
 */
export async function replaceCommitmentInventory(
  db: Kysely<DatabaseSchema>,
  owner: InventoryOwner,
  answered: readonly CommitmentApi[],
  commitments: readonly ApiCommitment[],
): Promise<number> {
  if (answered.length === 0) return 0;
  const seenQueued = new Set(
    (
      await db
        .selectFrom('commitment_inventory')
        .select('commitment_id')
        .where('organization_id', '=', owner.organizationId)
        .where('integration_id', '=', owner.integrationId)
        .where('account_id', '=', owner.accountId)
        .where('seen_queued', '=', true)
        .execute()
    ).map((row) => row.commitment_id),
  );
  const rows = commitments
    .filter((commitment) => commitment.commitmentId && answered.includes(API_OF_KIND[commitment.kind]))
    .map((commitment) => ({
      organization_id: owner.organizationId,
      integration_id: owner.integrationId,
      account_id: owner.accountId,
      api: API_OF_KIND[commitment.kind],
      commitment_id: commitment.commitmentId,
      kind: commitment.kind === 'savings-plan' ? ('savings-plan' as const) : ('reservation' as const),
      offering: commitment.offeringType,
      region: commitment.region,
      state: commitment.state,
      term: commitment.term,
      payment_option: commitment.paymentOption,
      hourly_commitment_usd: commitment.hourlyCommitmentUsd,
      instance_type: commitment.instanceType,
      instance_count: commitment.instanceCount,
      starts_at: commitment.startsAt,
      ends_at: commitment.endsAt,
      rates: commitment.rates,
      seen_queued: commitment.state === 'queued' || seenQueued.has(commitment.commitmentId),
      observed_at: owner.observedAt,
    }));
  // One id listed twice (a reservation seen from two regions) is one commitment.
  const unique = [...new Map(rows.map((row) => [row.commitment_id, row])).values()];
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('commitment_inventory')
      .where('organization_id', '=', owner.organizationId)
      .where('integration_id', '=', owner.integrationId)
      .where('account_id', '=', owner.accountId)
      .where('api', 'in', [...answered])
      .execute();
    if (unique.length > 0) await trx.insertInto('commitment_inventory').values(unique).execute();
  });
  return unique.length;
}

/** An integration's listed commitments, in the accounts given (null: every account); or those once seen queued. */
export function listCommitmentInventory(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string; accountIds: readonly string[] | null },
  options: { seenQueued?: boolean } = {},
): Promise<CommitmentInventoryRow[]> {
  let query = db
    .selectFrom('commitment_inventory')
    .selectAll()
    .where('organization_id', '=', owner.organizationId)
    .where('integration_id', '=', owner.integrationId);
  if (options.seenQueued) query = query.where('seen_queued', '=', true);
  if (owner.accountIds) {
    if (owner.accountIds.length === 0) return Promise.resolve([]);
    query = query.where('account_id', 'in', [...owner.accountIds]);
  }
  return query.orderBy('commitment_id').execute();
}
