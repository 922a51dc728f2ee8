import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface BilledUsageDay {
  usageDate: string;
  region: string;
  serviceCode: string;
  usageType: string;
  /** Unblended USD of the day's lines of that usage type, as decimal text. */
  unblendedCost: string;
}

/**
 * What one account of an integration was billed per day, region, service code and usage type over
 * days [start, end]: the usage meter compares its own count with these (docs/decisions/112).
 */
export async function billedUsageDays(
  db: Kysely<DatabaseSchema>,
  query: {
    organizationId: string;
    integrationId: string;
    usageAccountId: string;
    serviceCodes: readonly string[];
    start: string;
    end: string;
  },
): Promise<BilledUsageDay[]> {
  if (query.serviceCodes.length === 0) return [];
  const rows = await db
    .selectFrom('cost_daily_facts')
    .select([
      'usage_date',
      'region',
      'service_code',
      'usage_type',
      sql<string>`sum(unblended_cost)::text`.as('unblended_cost'),
    ])
    .where('organization_id', '=', query.organizationId)
    .where('integration_id', '=', query.integrationId)
    .where('usage_account_id', '=', query.usageAccountId)
    .where('service_code', 'in', [...query.serviceCodes])
    .where('usage_date', '>=', query.start)
    .where('usage_date', '<=', query.end)
    .groupBy(['usage_date', 'region', 'service_code', 'usage_type'])
    .execute();
  return rows.map((row) => ({
    usageDate: String(row.usage_date),
    region: row.region,
    serviceCode: row.service_code,
    usageType: row.usage_type,
    unblendedCost: row.unblended_cost,
  }));
}
