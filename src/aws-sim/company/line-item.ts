/** One CUR 2.0 line item as the generator builds it, before it becomes a Parquet row. */

export type LineItemType =
  | 'Usage'
  | 'Tax'
  | 'Credit'
  | 'SavingsPlanCoveredUsage'
  | 'SavingsPlanNegation'
  | 'SavingsPlanRecurringFee'
  | 'DiscountedUsage'
  | 'RIFee';

/**
 * Money is kept as whole units of 1e-8 USD so that sums over hundreds of thousands of rows stay
 * exact; the Parquet file stores DECIMAL(38,10), which holds these values without rounding.
 */
export const MONEY_SCALE = 100_000_000;

export function toMoneyUnits(usd: number): number {
  return Math.round(usd * MONEY_SCALE);
}

export interface ResourceTags {
  team?: string;
  env?: string;
  project?: string;
}

/** What the CUR says of the commitment a fee or covered line belongs to (its savings_plan_* / reservation_* columns). */
export interface CommitmentTerms {
  /** 'ComputeSavingsPlans' | 'EC2InstanceSavingsPlans' for a Savings Plan; '' for a reservation. */
  offeringType: string;
  /** '1yr' | '3yr'. */
  term: string;
  /** 'No Upfront' | 'Partial Upfront' | 'All Upfront'. */
  paymentOption: string;
  startMs: number;
  endMs: number;
  /** A reservation's count of instances. */
  count?: number;
}

export interface LineItem {
  accountId: string;
  type: LineItemType;
  start: number;
  end: number;
  productCode: string;
  productName: string;
  usageType: string;
  operation: string;
  resourceId: string;
  usageAmount: number;
  /** 1e-8 USD units, as are every money field below. */
  unblended: number;
  region: string;
  pricingTerm: string;
  instanceType?: string;
  tags: ResourceTags;
  reservationArn?: string;
  reservationEffectiveCost?: number;
  reservationUnusedAmortizedUpfront?: number;
  reservationUnusedRecurringFee?: number;
  savingsPlanArn?: string;
  savingsPlanEffectiveCost?: number;
  savingsPlanTotalCommitment?: number;
  savingsPlanUsedCommitment?: number;
  /** Public On-Demand cost of the line (pricing_public_on_demand_cost), in 1e-8 USD. */
  publicOnDemandCost?: number;
  commitment?: CommitmentTerms;
}

/**
 * A plain usage row: on-demand, no commitment columns. Built field by field (not by spreading) so
 * every row has the same shape; the generator makes hundreds of thousands of them.
 */
export function usageLineItem(
  fields: Omit<LineItem, 'type' | 'pricingTerm' | 'tags'> & { tags?: ResourceTags },
): LineItem {
  return {
    accountId: fields.accountId,
    type: 'Usage',
    start: fields.start,
    end: fields.end,
    productCode: fields.productCode,
    productName: fields.productName,
    usageType: fields.usageType,
    operation: fields.operation,
    resourceId: fields.resourceId,
    usageAmount: fields.usageAmount,
    unblended: fields.unblended,
    region: fields.region,
    pricingTerm: 'OnDemand',
    instanceType: fields.instanceType,
    tags: fields.tags ?? {},
  };
}
