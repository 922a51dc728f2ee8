import type { LineItemProjection } from './line-item-projection.ts';
import { MONEY_TYPE } from './sql-text.ts';
import { type FactGrain, resourceOnFactSql } from './stored-grain-sql.ts';
import { cleanedTagEntriesSql, storedTagsKeySql, tagsJsonSql } from './stored-tags-sql.ts';

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
 * The pass over the line items: grouped by the facts' dimensions and the tags as stored, those meeting
 * the condition when one is given (a range of days, decision 116). Maps are
 * grouped by a 64-bit hash, with the map itself carried along: grouping on the map is ~2x slower. Two
 * tag sets would only mix if their hashes collided within one day, account, service, usage type and
 * resource.
 */
export function groupedByStoredTagsSql(
  relation: string,
  projection: LineItemProjection,
  grain: FactGrain = 'resource',
  condition = '',
): string {
  const { tags } = projection;
  const resourceId = grain === 'resource' ? projection.resourceId : resourceOnFactSql(projection);
  const tagsKey = storedTagsKeySql(tags);
  return `WITH line_items AS (
  ${lineItemsSql(relation, { ...projection, resourceId })}
)
SELECT ${DIMENSIONS.join(', ')}, ${tagsKey} AS tags_key, any_value(stored_tags) AS stored_tags,
    ${sums('line_items')}
FROM line_items${condition ? `\nWHERE ${condition}` : ''}
GROUP BY ${DIMENSIONS.join(', ')}, tags_key`;
}

/** Each distinct stored tag set of the groups, normalized once. */
export function tagSetsSql(grouped: string, projection: LineItemProjection): string {
  return `WITH stored_tag_sets AS (
  SELECT tags_key, any_value(stored_tags) AS stored_tags FROM ${grouped} GROUP BY tags_key
), cleaned_tag_sets AS (
  SELECT tags_key, ${cleanedTagEntriesSql(projection.tags.entries('stored_tags'))} AS tag_entries FROM stored_tag_sets
)
SELECT tags_key, ${tagsJsonSql('tag_entries')} AS tags FROM cleaned_tag_sets`;
}

/** True when two stored tag sets normalize to one ('user:team' and 'team'): their groups must be summed together. */
export function tagSetsMergeSql(tagSets: string): string {
  return `SELECT count(*) <> count(DISTINCT tags) AS merge FROM ${tagSets}`;
}

/**
 * The daily facts: each group with its normalized tag set. Only when two stored tag sets normalize to
 * one are the groups summed again; otherwise each group is already one fact, and the same sums
 * (decision 115).
 */
export function factsFromGroupsSql(grouped: string, tagSets: string, merge: boolean): string {
  const dimensions = DIMENSIONS.join(', ');
  if (!merge) {
    return `SELECT ${dimensions}, tags, ${[...AMOUNTS, 'line_items'].join(', ')}
FROM ${grouped} JOIN ${tagSets} USING (tags_key)`;
  }
  return `SELECT ${dimensions}, tags,
    ${sums('grouped')}
FROM ${grouped} JOIN ${tagSets} USING (tags_key)
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
