import type { BillingFileSource } from './billing-file-source.ts';
import { athenaColumnName, focusColumnKey } from './column-names.ts';
import { curLineItemProjection } from './cur-line-items.ts';
import type { BillingFileFormat } from './daily-cost-fact.ts';
import { focusLineItemProjection } from './focus-line-items.ts';
import { SourceColumns } from './source-columns.ts';
import type { StoredTags } from './stored-tags-sql.ts';

/**
 * One line item as the commitments read it (decision 098), a SQL expression per column:
 * - role: 'fee' (what a commitment costs: SavingsPlanRecurringFee, RIFee; FOCUS unused commitment),
 *   'covered' (usage a commitment paid for: SavingsPlanCoveredUsage, DiscountedUsage; FOCUS used
 *   commitment), 'on-demand' (usage no commitment paid for), else NULL;
 * - kind: 'savings-plan' or 'reservation' on a commitment's lines;
 * - total / used commitment per line; a reservation's unused fee as its bill reports it, once a period;
 * - on_demand_cost: the public On-Demand cost of covered and on-demand usage (NULL: unknown).
 */
export interface CommitmentLineColumns {
  billing_period: string;
  usage_date: string;
  usage_account_id: string;
  service_code: string;
  usage_type: string;
  region: string;
  role: string;
  kind: string;
  commitment_id: string;
  offering: string;
  term: string;
  payment_option: string;
  instance_family: string;
  total_commitment: string;
  used_commitment: string;
  period_unused: string;
  on_demand_cost: string;
  hours: string;
  /** A Savings Plan fee line's hourly commitment: its commitment over the hours the line spans. */
  hourly_commitment: string;
  reserved_count: string;
  starts_ms: string;
  ends_ms: string;
  /** The line's tags as the file stores them (decision 142). */
  stored_tags: string;
}

/** A bill's commitment columns, and how its stored tags read as entries. */
export interface CommitmentLines {
  columns: CommitmentLineColumns;
  tags: StoredTags;
}

/**
 * The commitment columns of a bill, or null when it has none: a CUR without `savings_plan_*` and
 * `reservation_*` columns, or a FOCUS file without `CommitmentDiscountId`, holds no commitment (and no
 * error is raised).
 */
export function commitmentLineColumns(
  source: BillingFileSource,
  format: BillingFileFormat,
): CommitmentLines | null {
  return format === 'focus' ? focusCommitmentLines(source) : curCommitmentLines(source);
}

function curCommitmentLines(source: BillingFileSource): CommitmentLines | null {
  const columns = new SourceColumns(source.columns, athenaColumnName);
  if (!columns.find('savings_plan_savings_plan_a_r_n') && !columns.find('reservation_reservation_a_r_n'))
    return null;
  const facts = curLineItemProjection(source);
  const type = columns.text(['line_item_line_item_type']);
  const money = (name: string) => columns.money(name);
  const publicOnDemand = columns.optionalNumber('pricing_public_on_demand_cost');
  const unblended = money('line_item_unblended_cost');
  const savingsPlanLine = `${type} IN ('SavingsPlanCoveredUsage', 'SavingsPlanRecurringFee')`;
  const reservationLine = `${type} IN ('DiscountedUsage', 'RIFee')`;
  const kind = `CASE WHEN ${savingsPlanLine} THEN 'savings-plan' WHEN ${reservationLine} THEN 'reservation' END`;
  const lineHours = `((${columns.epochMs('line_item_usage_end_date')} - ${columns.epochMs('line_item_usage_start_date')}) / 3600000.0)`;
  const lineColumns: CommitmentLineColumns = {
    billing_period: facts.billingPeriod,
    usage_date: facts.usageDate,
    usage_account_id: facts.usageAccountId,
    service_code: facts.serviceCode,
    usage_type: facts.usageType,
    region: facts.region,
    role: `CASE ${type} WHEN 'SavingsPlanRecurringFee' THEN 'fee' WHEN 'RIFee' THEN 'fee'
      WHEN 'SavingsPlanCoveredUsage' THEN 'covered' WHEN 'DiscountedUsage' THEN 'covered'
      WHEN 'Usage' THEN 'on-demand' END`,
    kind,
    commitment_id: `CASE WHEN ${savingsPlanLine} THEN ${columns.text(['savings_plan_savings_plan_a_r_n'])}
      WHEN ${reservationLine} THEN ${columns.text(['reservation_reservation_a_r_n'])} ELSE '' END`,
    // A Savings Plan's fee is billed under its offering's product code ('ComputeSavingsPlans').
    offering: `CASE WHEN ${savingsPlanLine} THEN coalesce(${columns.nullableText(['savings_plan_offering_type'])},
      CASE WHEN ${type} = 'SavingsPlanRecurringFee' THEN nullif(${facts.serviceCode}, '') END, '')
      ELSE ${facts.serviceCode} END`,
    term: columns.text(['savings_plan_purchase_term', 'pricing_lease_contract_length']),
    payment_option: columns.text(['savings_plan_payment_option', 'pricing_purchase_option']),
    instance_family: columns.text(['savings_plan_instance_type_family', 'product_instance_type']),
    total_commitment: `CASE ${type} WHEN 'SavingsPlanRecurringFee' THEN coalesce(${money('savings_plan_total_commitment_to_date')}, 0)
      WHEN 'DiscountedUsage' THEN coalesce(${money('reservation_effective_cost')}, 0) ELSE 0 END`,
    used_commitment: `CASE ${type} WHEN 'SavingsPlanRecurringFee' THEN coalesce(${money('savings_plan_used_commitment')}, 0)
      WHEN 'DiscountedUsage' THEN coalesce(${money('reservation_effective_cost')}, 0) ELSE 0 END`,
    period_unused: `CASE ${type} WHEN 'RIFee' THEN
      coalesce(${money('reservation_unused_amortized_upfront_fee_for_billing_period')}, 0)
      + coalesce(${money('reservation_unused_recurring_fee')}, 0) ELSE 0 END`,
    // Covered Savings Plan usage is billed at its On-Demand cost; reserved usage only says it in
    // pricing_public_on_demand_cost; on-demand usage costs what it was billed.
    on_demand_cost: `CASE ${type} WHEN 'SavingsPlanCoveredUsage' THEN coalesce(${publicOnDemand}, ${unblended})
      WHEN 'DiscountedUsage' THEN ${publicOnDemand} ELSE coalesce(${unblended}, 0) END`,
    hours: facts.usageQuantity,
    hourly_commitment: `CASE WHEN ${type} = 'SavingsPlanRecurringFee' AND ${lineHours} > 0
      THEN coalesce(${money('savings_plan_total_commitment_to_date')}, 0) / ${lineHours} END`,
    reserved_count: columns.optionalNumber('reservation_number_of_reservations'),
    starts_ms: `coalesce(${columns.epochMs('savings_plan_start_time')}, ${columns.epochMs('reservation_start_time')})`,
    ends_ms: `coalesce(${columns.epochMs('savings_plan_end_time')}, ${columns.epochMs('reservation_end_time')})`,
    stored_tags: facts.tags.value,
  };
  return { columns: lineColumns, tags: facts.tags };
}

/**
 * FOCUS names the commitment of each line (CommitmentDiscountId) and whether the line is its used or
 * unused part (CommitmentDiscountStatus); EffectiveCost is the commitment's amortized cost, ListCost
 * the usage at list (On-Demand) prices.
 */
function focusCommitmentLines(source: BillingFileSource): CommitmentLines | null {
  const columns = new SourceColumns(source.columns, focusColumnKey);
  if (!columns.find('CommitmentDiscountId')) return null;
  const facts = focusLineItemProjection(source);
  const id = columns.text(['CommitmentDiscountId']);
  const status = `lower(${columns.text(['CommitmentDiscountStatus'])})`;
  const discountType = `lower(${columns.text(['CommitmentDiscountType'])})`;
  const effective = `coalesce(${columns.money('EffectiveCost')}, 0)`;
  const listCost = columns.optionalNumber('ListCost');
  const onCommitment = `${id} <> '' AND ${status} IN ('used', 'unused')`;
  const isUsage = `lower(${columns.text(['ChargeCategory'])}) = 'usage'`;
  const lineColumns: CommitmentLineColumns = {
    billing_period: facts.billingPeriod,
    usage_date: facts.usageDate,
    usage_account_id: facts.usageAccountId,
    service_code: facts.serviceCode,
    usage_type: facts.usageType,
    region: facts.region,
    role: `CASE WHEN ${onCommitment} AND ${status} = 'used' THEN 'covered'
      WHEN ${onCommitment} THEN 'fee' WHEN ${isUsage} AND ${id} = '' THEN 'on-demand' END`,
    kind: `CASE WHEN NOT (${onCommitment}) THEN NULL
      WHEN ${discountType} LIKE '%savings%' OR ${id} LIKE '%:savingsplan/%' THEN 'savings-plan' ELSE 'reservation' END`,
    commitment_id: `CASE WHEN ${onCommitment} THEN ${id} ELSE '' END`,
    offering: `CASE WHEN ${discountType} LIKE '%savings%' OR ${id} LIKE '%:savingsplan/%'
      THEN coalesce(nullif(${columns.text(['CommitmentDiscountName'])}, ''), '') ELSE ${facts.serviceCode} END`,
    term: "''",
    payment_option: "''",
    instance_family: "''",
    total_commitment: `CASE WHEN ${onCommitment} THEN ${effective} ELSE 0 END`,
    used_commitment: `CASE WHEN ${onCommitment} AND ${status} = 'used' THEN ${effective} ELSE 0 END`,
    period_unused: '0',
    on_demand_cost: `CASE WHEN ${isUsage} AND ${id} = '' THEN coalesce(${listCost}, ${facts.unblendedCost}) ELSE ${listCost} END`,
    hours: facts.usageQuantity,
    hourly_commitment: 'CAST(NULL AS DOUBLE)',
    reserved_count: 'CAST(NULL AS DOUBLE)',
    starts_ms: 'CAST(NULL AS BIGINT)',
    ends_ms: 'CAST(NULL AS BIGINT)',
    stored_tags: facts.tags.value,
  };
  return { columns: lineColumns, tags: facts.tags };
}
