/**
 * The CUR 2.0 columns the export carries, in file order, with their Parquet types. The cost readers
 * depend on exactly these names and types; money columns are DECIMAL(38,10) so sums stay exact.
 */
export const MONEY_TYPE = 'DECIMAL(38,10)';

export const CUR_COLUMNS: ReadonlyArray<readonly [name: string, type: string]> = [
  ['bill_billing_period_start_date', 'TIMESTAMP'],
  ['bill_billing_period_end_date', 'TIMESTAMP'],
  ['bill_payer_account_id', 'VARCHAR'],
  ['bill_payer_account_name', 'VARCHAR'],
  ['line_item_usage_account_id', 'VARCHAR'],
  ['line_item_usage_account_name', 'VARCHAR'],
  ['line_item_line_item_type', 'VARCHAR'],
  ['line_item_usage_start_date', 'TIMESTAMP'],
  ['line_item_usage_end_date', 'TIMESTAMP'],
  ['line_item_product_code', 'VARCHAR'],
  ['line_item_usage_type', 'VARCHAR'],
  ['line_item_operation', 'VARCHAR'],
  ['line_item_resource_id', 'VARCHAR'],
  ['line_item_usage_amount', 'DOUBLE'],
  ['line_item_unblended_cost', MONEY_TYPE],
  ['line_item_blended_cost', MONEY_TYPE],
  ['line_item_net_unblended_cost', MONEY_TYPE],
  ['line_item_currency_code', 'VARCHAR'],
  ['product_region_code', 'VARCHAR'],
  ['product', 'MAP(VARCHAR, VARCHAR)'],
  ['pricing_term', 'VARCHAR'],
  ['pricing_public_on_demand_cost', MONEY_TYPE],
  ['pricing_lease_contract_length', 'VARCHAR'],
  ['pricing_purchase_option', 'VARCHAR'],
  ['reservation_reservation_a_r_n', 'VARCHAR'],
  ['reservation_effective_cost', MONEY_TYPE],
  ['reservation_unused_amortized_upfront_fee_for_billing_period', MONEY_TYPE],
  ['reservation_unused_recurring_fee', MONEY_TYPE],
  ['reservation_number_of_reservations', 'DOUBLE'],
  ['reservation_start_time', 'VARCHAR'],
  ['reservation_end_time', 'VARCHAR'],
  ['savings_plan_savings_plan_a_r_n', 'VARCHAR'],
  ['savings_plan_savings_plan_effective_cost', MONEY_TYPE],
  ['savings_plan_total_commitment_to_date', MONEY_TYPE],
  ['savings_plan_used_commitment', MONEY_TYPE],
  ['savings_plan_offering_type', 'VARCHAR'],
  ['savings_plan_purchase_term', 'VARCHAR'],
  ['savings_plan_payment_option', 'VARCHAR'],
  ['savings_plan_start_time', 'VARCHAR'],
  ['savings_plan_end_time', 'VARCHAR'],
  ['resource_tags', 'MAP(VARCHAR, VARCHAR)'],
];

/** Amortized cost per AWS's rules, as SQL over the columns above (Cost Explorer's AmortizedCost). */
export const AMORTIZED_COST_SQL = `CASE line_item_line_item_type
  WHEN 'SavingsPlanCoveredUsage' THEN savings_plan_savings_plan_effective_cost
  WHEN 'SavingsPlanNegation' THEN 0
  WHEN 'SavingsPlanRecurringFee' THEN savings_plan_total_commitment_to_date - savings_plan_used_commitment
  WHEN 'DiscountedUsage' THEN reservation_effective_cost
  WHEN 'RIFee' THEN reservation_unused_amortized_upfront_fee_for_billing_period + reservation_unused_recurring_fee
  ELSE line_item_unblended_cost END`;
