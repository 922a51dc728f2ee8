import type { LineItemProjection } from './line-item-projection.ts';
import { MONEY_TYPE } from './sql-text.ts';

/**
 * 'resource': every fact keeps its resource (what the reader hands its callers by default).
 * 'stored': the grain the database stores, a resource only on EC2 instance hours (decision 079).
 */
export type FactGrain = 'resource' | 'stored';

/**
 * A fact keeps its resource only on EC2 instance hours (usage type BoxUsage), which the rightsizing
 * findings price per instance; every other line is summed without it, and each resource's cost is kept
 * per month instead (decision 079).
 */
export function resourceOnFactSql(projection: LineItemProjection): string {
  return `CASE WHEN (${projection.usageType}) LIKE '%BoxUsage%' THEN ${projection.resourceId} END`;
}

const RESOURCE_COST_DIMENSIONS = [
  'billing_period',
  'provider',
  'usage_account_id',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'resource_id',
  'currency',
] as const;

const AMOUNTS = ['unblended_cost', 'amortized_cost', 'net_cost', 'usage_quantity'] as const;

/** Each resource's cost per billing period and usage type, whatever kind of resource it is. */
export function monthlyResourceCostsSql(lineItems: string): string {
  const dimensions = RESOURCE_COST_DIMENSIONS.join(', ');
  const amounts = AMOUNTS.map((amount) => `CAST(sum(${amount}) AS ${MONEY_TYPE}) AS ${amount}`);
  return `WITH line_items AS (
  ${lineItems}
)
SELECT ${dimensions},
    ${amounts.join(',\n    ')},
    count(*) AS line_items
FROM line_items
WHERE resource_id IS NOT NULL
GROUP BY ${dimensions}`;
}
