import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from './sql-text.ts';

/** One CUR 2.0 line item for a test file; what is left out is written as NULL. */
export interface Cur2TestLineItem {
  type: string;
  usageType: string;
  /** 'YYYY-MM-DD HH:MM:SS'; default 2026-10-05 10:00:00. */
  start?: string;
  /** The first day of the bill's period ('YYYY-MM-DD'); default 2026-10-01. */
  billingPeriod?: string;
  unblended: string;
  net?: string;
  resourceId?: string;
  tags?: Record<string, string>;
  savingsPlanEffectiveCost?: string;
  savingsPlanTotalCommitmentToDate?: string;
  savingsPlanUsedCommitment?: string;
  savingsPlanArn?: string;
  reservationEffectiveCost?: string;
  reservationUnusedAmortizedUpfrontFee?: string;
  reservationUnusedRecurringFee?: string;
  reservationArn?: string;
  /** Default '123456789012'. */
  usageAccountId?: string;
  /** Default 'AmazonEC2'. */
  productCode?: string;
  /** Default 1. */
  usageAmount?: string;
  /** Hours the line spans; default 1. */
  hours?: number;
  publicOnDemandCost?: string;
  savingsPlanOfferingType?: string;
  savingsPlanPurchaseTerm?: string;
  savingsPlanPaymentOption?: string;
  /** ISO instants, as CUR 2.0 writes them. */
  savingsPlanStartTime?: string;
  savingsPlanEndTime?: string;
  reservationNumberOfReservations?: string;
  reservationStartTime?: string;
  reservationEndTime?: string;
  leaseContractLength?: string;
  purchaseOption?: string;
}

const decimal = (value: string | undefined) => (value === undefined ? 'NULL' : `CAST(${value} AS DOUBLE)`);
const text = (value: string | undefined) =>
  value === undefined ? 'CAST(NULL AS VARCHAR)' : quoteLiteral(value);
const tagMap = (tags: Record<string, string> = {}) =>
  `CAST(MAP {${Object.entries(tags)
    .map(([key, value]) => `${quoteLiteral(key)}: ${quoteLiteral(value)}`)
    .join(', ')}} AS MAP(VARCHAR, VARCHAR))`;

/** The columns of the CUR 2.0 contract the AWS simulator writes, typed as AWS types them in Parquet. */
function lineItemSql(item: Cur2TestLineItem): string {
  return `SELECT
    CAST(${text(`${item.billingPeriod ?? '2026-10-01'} 00:00:00`)} AS TIMESTAMP) AS bill_billing_period_start_date,
    '999999999999' AS bill_payer_account_id,
    ${text(item.usageAccountId ?? '123456789012')} AS line_item_usage_account_id,
    'Production' AS line_item_usage_account_name,
    ${text(item.type)} AS line_item_line_item_type,
    CAST(${text(item.start ?? '2026-10-05 10:00:00')} AS TIMESTAMP) AS line_item_usage_start_date,
    CAST(${text(item.start ?? '2026-10-05 10:00:00')} AS TIMESTAMP) + INTERVAL ${item.hours ?? 1} HOUR AS line_item_usage_end_date,
    ${text(item.productCode ?? 'AmazonEC2')} AS line_item_product_code,
    ${text(item.usageType)} AS line_item_usage_type,
    'RunInstances' AS line_item_operation,
    ${text(item.resourceId ?? '')} AS line_item_resource_id,
    ${decimal(item.usageAmount ?? '1')} AS line_item_usage_amount,
    ${decimal(item.unblended)} AS line_item_unblended_cost,
    ${decimal(item.net)} AS line_item_net_unblended_cost,
    'USD' AS line_item_currency_code,
    'us-east-1' AS product_region_code,
    MAP {'product_name': 'Amazon Elastic Compute Cloud', 'region': 'us-east-1'} AS product,
    'OnDemand' AS pricing_term,
    ${decimal(item.publicOnDemandCost)} AS pricing_public_on_demand_cost,
    ${text(item.leaseContractLength)} AS pricing_lease_contract_length,
    ${text(item.purchaseOption)} AS pricing_purchase_option,
    ${text(item.reservationArn ?? '')} AS reservation_reservation_a_r_n,
    ${decimal(item.reservationEffectiveCost)} AS reservation_effective_cost,
    ${decimal(item.reservationUnusedAmortizedUpfrontFee)} AS reservation_unused_amortized_upfront_fee_for_billing_period,
    ${decimal(item.reservationUnusedRecurringFee)} AS reservation_unused_recurring_fee,
    ${decimal(item.reservationNumberOfReservations)} AS reservation_number_of_reservations,
    ${text(item.reservationStartTime)} AS reservation_start_time,
    ${text(item.reservationEndTime)} AS reservation_end_time,
    ${text(item.savingsPlanArn ?? '')} AS savings_plan_savings_plan_a_r_n,
    ${decimal(item.savingsPlanEffectiveCost)} AS savings_plan_savings_plan_effective_cost,
    ${decimal(item.savingsPlanTotalCommitmentToDate)} AS savings_plan_total_commitment_to_date,
    ${decimal(item.savingsPlanUsedCommitment)} AS savings_plan_used_commitment,
    ${text(item.savingsPlanOfferingType)} AS savings_plan_offering_type,
    ${text(item.savingsPlanPurchaseTerm)} AS savings_plan_purchase_term,
    ${text(item.savingsPlanPaymentOption)} AS savings_plan_payment_option,
    ${text(item.savingsPlanStartTime)} AS savings_plan_start_time,
    ${text(item.savingsPlanEndTime)} AS savings_plan_end_time,
    ${tagMap(item.tags)} AS resource_tags`;
}

/**
 * Writes the line items with DuckDB's COPY: Parquet as AWS types it, or gzip CSV the way CUR 2.0
 * writes text (ISO timestamps with Z, map columns as JSON).
 */
export async function writeCur2TestFile(
  file: string,
  items: Cur2TestLineItem[],
  container: 'parquet' | 'csv.gz',
): Promise<void> {
  const rows = items.map(lineItemSql).join('\nUNION ALL\n');
  const select =
    container === 'parquet'
      ? rows
      : `SELECT * REPLACE (
          strftime(bill_billing_period_start_date, '%Y-%m-%dT%H:%M:%S.000Z') AS bill_billing_period_start_date,
          strftime(line_item_usage_start_date, '%Y-%m-%dT%H:%M:%S.000Z') AS line_item_usage_start_date,
          strftime(line_item_usage_end_date, '%Y-%m-%dT%H:%M:%S.000Z') AS line_item_usage_end_date,
          CAST(to_json(product) AS VARCHAR) AS product,
          CAST(to_json(resource_tags) AS VARCHAR) AS resource_tags)
        FROM (${rows})`;
  const format = container === 'parquet' ? 'FORMAT parquet' : 'FORMAT csv, HEADER, COMPRESSION gzip';
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${select}) TO ${quoteLiteral(file)} (${format})`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
