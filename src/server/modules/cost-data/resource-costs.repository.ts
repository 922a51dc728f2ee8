import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface BilledResourceMonth {
  integrationId: string;
  resourceId: string;
  usageAccountId: string;
  /** Unblended USD of the billing period, every usage type of the resource summed. */
  unblendedCost: string;
}

/**
 * What each resource cost in one billing period (decision 079 keeps it per month and usage type):
 * the waste findings read the bill's figure for a volume, snapshot or address from here.
 */
export async function resourceCostsOfPeriod(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  billingPeriod: string,
): Promise<BilledResourceMonth[]> {
  const result = await sql<{
    integration_id: string;
    resource_id: string;
    usage_account_id: string;
    unblended_cost: string;
  }>`
    select integration_id, resource_id, usage_account_id, sum(unblended_cost)::text as unblended_cost
    from cost_monthly_resource_costs
    where organization_id = ${organizationId} and billing_period = ${billingPeriod}
    group by integration_id, resource_id, usage_account_id`.execute(db);
  return result.rows.map((row) => ({
    integrationId: row.integration_id,
    resourceId: row.resource_id,
    usageAccountId: row.usage_account_id,
    unblendedCost: row.unblended_cost,
  }));
}

/** The regions an account's bill shows spend in (global services, billed without a region, left out). */
export async function usageRegions(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  usageAccountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('cost_monthly_rollups')
    .select('region')
    .distinct()
    .where('integration_id', '=', integrationId)
    .where('usage_account_id', '=', usageAccountId)
    .where('region', '<>', '')
    .orderBy('region')
    .execute();
  return rows.map((row) => row.region);
}
