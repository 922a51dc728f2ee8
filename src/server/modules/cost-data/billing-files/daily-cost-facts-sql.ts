import type { LineItemProjection } from './line-item-projection.ts';
import { MONEY_TYPE } from './sql-text.ts';
import { type FactGrain, resourceOnFactSql } from './stored-grain-sql.ts';
import { cleanedTagEntriesSql, tagsJsonSql } from './stored-tags-sql.ts';

const DIMENSIONS = [
  'usage_date',
  'billing_period',
  'provider',
  'billing_account_id',
  'usage_account_id',
  'usage_account_name',
  'service_code',
  'service_name',
  'region',
  'usage_type',
  'charge_type',
  'resource_id',
  'currency',
] as const;

const AMOUNTS = ['unblended_cost', 'amortized_cost', 'net_cost', 'usage_quantity'] as const;

/**
 * One pass over the line items, reduced to daily facts. Tags are grouped as stored, then each distinct
 * stored tag set is normalized once and joined back, and the facts regrouped, because two stored
 * tag sets can normalize to one ('user:team' and 'team').
 */
export function dailyCostFactsSql(
  relation: string,
  projection: LineItemProjection,
  grain: FactGrain = 'resource',
): string {
  const dimensions = DIMENSIONS.join(', ');
  const { tags } = projection;
  const resourceId = grain === 'resource' ? projection.resourceId : resourceOnFactSql(projection);
  // Maps are grouped by a 64-bit hash, with the map itself carried along: grouping on the map is
  // ~2x slower. Two tag sets would only mix if their hashes collided within one day, account,
  // service, usage type and resource.
  const tagsKey = tags.nested ? 'hash(stored_tags)' : 'stored_tags';
  return `WITH line_items AS (
  ${lineItemsSql(relation, { ...projection, resourceId })}
), grouped_by_stored_tags AS (
  SELECT ${dimensions}, ${tagsKey} AS tags_key, any_value(stored_tags) AS stored_tags,
    ${sums('line_items')}
  FROM line_items
  GROUP BY ${dimensions}, tags_key
), stored_tag_sets AS (
  SELECT tags_key, any_value(stored_tags) AS stored_tags FROM grouped_by_stored_tags GROUP BY tags_key
), cleaned_tag_sets AS (
  SELECT tags_key, ${cleanedTagEntriesSql(tags.entries('stored_tags'))} AS tag_entries FROM stored_tag_sets
), tag_sets AS (
  SELECT tags_key, ${tagsJsonSql('tag_entries')} AS tags FROM cleaned_tag_sets
)
SELECT ${dimensions}, tags,
    ${sums('grouped')}
FROM grouped_by_stored_tags JOIN tag_sets USING (tags_key)
GROUP BY ${dimensions}, tags`;
}

function sums(from: 'line_items' | 'grouped'): string {
  const amounts = AMOUNTS.map((amount) => `CAST(sum(${amount}) AS ${MONEY_TYPE}) AS ${amount}`);
  const count =
    from === 'line_items' ? 'count(*) AS line_items' : 'CAST(sum(line_items) AS BIGINT) AS line_items';
  return [...amounts, count].join(',\n    ');
}

/** Each line item's columns under the facts' names, before any grouping. */
export function lineItemsSql(relation: string, projection: LineItemProjection): string {
  return `SELECT
    ${lineItemColumns(projection)}
  FROM ${relation}`;
}

function lineItemColumns(projection: LineItemProjection): string {
  const columns: Record<string, string> = {
    usage_date: projection.usageDate,
    billing_period: projection.billingPeriod,
    provider: projection.provider,
    billing_account_id: projection.billingAccountId,
    usage_account_id: projection.usageAccountId,
    usage_account_name: projection.usageAccountName,
    service_code: projection.serviceCode,
    service_name: projection.serviceName,
    region: projection.region,
    usage_type: projection.usageType,
    charge_type: projection.chargeType,
    resource_id: projection.resourceId,
    currency: projection.currency,
    stored_tags: projection.tags.value,
    unblended_cost: projection.unblendedCost,
    amortized_cost: projection.amortizedCost,
    net_cost: projection.netCost,
    usage_quantity: projection.usageQuantity,
  };
  return Object.entries(columns)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(',\n    ');
}
