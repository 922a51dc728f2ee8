import { amortizedCostSql } from './amortized-cost-sql.ts';
import type { BillingFileSource } from './billing-file-source.ts';
import { athenaColumnName } from './column-names.ts';
import type { LineItemProjection } from './line-item-projection.ts';
import { SourceColumns } from './source-columns.ts';
import { quoteIdentifier } from './sql-text.ts';
import { jsonTextTags, mapTags, type StoredTags, type TagColumn, tagColumns } from './stored-tags-sql.ts';

/**
 * AWS Cost and Usage Reports in every spelling: the legacy CSV ('lineItem/UnblendedCost'), the
 * Athena-style legacy CUR ('line_item_unblended_cost', 'resource_tags_user_team') and CUR 2.0 / Data
 * Exports (the same snake_case names, with 'product' and 'resource_tags' as maps, or JSON text in CSV).
 */
export function curLineItemProjection(source: BillingFileSource): LineItemProjection {
  const columns = new SourceColumns(source.columns, athenaColumnName);
  const usageDate = columns.utcDate('line_item_usage_start_date') ?? 'CAST(NULL AS DATE)';
  const periodStart = columns.utcDate('bill_billing_period_start_date');
  const unblendedCost = columns.money('line_item_unblended_cost');
  const productCode = columns.text(['line_item_product_code', 'product_servicecode']);
  return {
    usageDate,
    // A line item without its period (a missing column or cell) belongs to the month it was used in.
    billingPeriod: `CAST(date_trunc('month', coalesce(${periodStart ?? 'NULL'}, ${usageDate})) AS DATE)`,
    usageStartColumn: columns.find('line_item_usage_start_date')?.name ?? 'line_item_usage_start_date',
    provider: `'AWS'`,
    billingAccountId: columns.text(['bill_payer_account_id']),
    usageAccountId: columns.text(['line_item_usage_account_id']),
    usageAccountName: columns.nullableText(['line_item_usage_account_name']),
    serviceCode: productCode,
    serviceName: productName(columns, productCode),
    region: `coalesce(nullif(${columns.nullableText(['product_region_code', 'product_region'])}, 'global'), '')`,
    usageType: columns.text(['line_item_usage_type']),
    chargeType: columns.text(['line_item_line_item_type']),
    resourceId: columns.nullableText(['line_item_resource_id']),
    currency: columns.text(['line_item_currency_code'], `'USD'`),
    unblendedCost: `coalesce(${unblendedCost}, 0)`,
    amortizedCost: amortizedCostSql({
      lineItemType: columns.text(['line_item_line_item_type']),
      unblendedCost,
      savingsPlanEffectiveCost: columns.money('savings_plan_savings_plan_effective_cost'),
      savingsPlanTotalCommitmentToDate: columns.money('savings_plan_total_commitment_to_date'),
      savingsPlanUsedCommitment: columns.money('savings_plan_used_commitment'),
      reservationEffectiveCost: columns.money('reservation_effective_cost'),
      reservationUnusedAmortizedUpfrontFee: columns.money(
        'reservation_unused_amortized_upfront_fee_for_billing_period',
      ),
      reservationUnusedRecurringFee: columns.money('reservation_unused_recurring_fee'),
      reservationArn: columns.text(['reservation_reservation_a_r_n']),
    }),
    netCost: `coalesce(${columns.money('line_item_net_unblended_cost')}, ${unblendedCost}, 0)`,
    usageQuantity: `coalesce(${columns.money('line_item_usage_amount')}, 0)`,
    tags: curTags(columns, source),
    castColumns: columns.castColumns,
  };
}

/** CUR 2.0 keeps the product name in the 'product' map; the legacy reports have a column for it. */
function productName(columns: SourceColumns, productCode: string): string {
  const productMap = columns.find('product');
  const fromMap = productMap ? [mapValue(productMap.name, productMap.type, 'product_name')] : [];
  const fromColumns = ['product_product_name', 'product_servicename'].map((name) =>
    columns.nullableText([name]),
  );
  return `coalesce(${[...fromColumns, ...fromMap, `nullif(${productCode}, '')`, "''"].join(', ')})`;
}

function mapValue(column: string, type: string, key: string): string {
  const identifier = quoteIdentifier(column);
  if (type.startsWith('MAP')) return `nullif(${identifier}['${key}'], '')`;
  return `nullif(json_extract_string(${identifier}, '$.${key}'), '')`;
}

function curTags(columns: SourceColumns, source: BillingFileSource): StoredTags {
  const tagMap = columns.find('resource_tags');
  if (tagMap) return tagMap.type.startsWith('MAP') ? mapTags(tagMap.name) : jsonTextTags(tagMap.name);
  return tagColumns(
    source.columns.flatMap(({ name }): TagColumn[] => {
      if (name.startsWith('resourceTags/'))
        return [{ column: name, key: name.slice('resourceTags/'.length) }];
      if (name.startsWith('resource_tags_'))
        return [{ column: name, key: name.slice('resource_tags_'.length) }];
      return [];
    }),
  );
}
