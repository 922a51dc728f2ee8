import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { billedUsageDays } from './billed-usage.repository.ts';
import {
  billedInstanceHours,
  billingPeriodsHeld,
  type CostGrouping,
  type CostSlice,
  dailyCosts,
  dimensionCosts,
  firstBillingPeriod,
  listProviders,
  listTagKeys,
  listTagValues,
  spendDays,
  summarizeCosts,
} from './cost-slices.repository.ts';
import { resourceCostsOfPeriod } from './resource-costs.repository.ts';

export {
  type BilledInstanceHours,
  type Bucket,
  type CostBasis,
  type CostGrouping,
  type CostSlice,
  type CostSummaryRows,
  type DimensionCost,
  NO_FILTER,
  type SpendFilter,
  type TagSplit,
  UNTAGGED,
} from './cost-slices.repository.ts';

/**
 * The one way to read spend (decision 034). Every question names a cost slice: organization,
 * integrations (one, several or all), team scope, filter, days and cost basis; the answer is exact
 * decimal text summed by the database. The dashboard, team spend, alerts, digests and
 * recommendations call this; none of them names a cost table.
 */
export function createCostSlices(db: Kysely<DatabaseSchema>) {
  return {
    /** Spend per bucket and key with every subtotal (the dashboard's chart, cards and table). */
    summarize: (slice: CostSlice, grouping: CostGrouping) => summarizeCosts(db, slice, grouping),
    /** Spend per day and key, no subtotals (budgets, thresholds, anomalies, digests, forecasts). */
    daily: (slice: CostSlice, key: CostGrouping['key'] = 'none') => dailyCosts(db, slice, key),
    /** Spend per day by service, account, region and usage type at once (an anomaly's root causes). */
    byDimension: (slice: CostSlice) => dimensionCosts(db, slice),
    /** The first and last day with cost (the day alerts judge, the start of a trailing average). */
    spendDays: (owner: Pick<CostSlice, 'organizationId' | 'integrations'>) => spendDays(db, owner),
    /** The first billing period of the slice's integrations and providers (where a comparison may reach). */
    firstBillingPeriod: (slice: CostSlice) => firstBillingPeriod(db, slice),
    /** The billing periods whose bill the integrations hold (the months a comparison may stand on). */
    billingPeriodsHeld: (owner: Pick<CostSlice, 'organizationId' | 'integrations'>) =>
      billingPeriodsHeld(db, owner),
    /** Tag keys and one key's values on the slice since its start (the dashboard's pickers). */
    tagKeys: (slice: CostSlice) => listTagKeys(db, slice),
    tagValues: (slice: CostSlice, tagKey: string) => listTagValues(db, slice, tagKey),
    /** The providers with cost on the slice since its start, in its scope (the dashboard's provider control). */
    providers: (slice: CostSlice) => listProviders(db, slice),
    /** Billed EC2 instance hours and their amortized cost (rightsizing prices what was paid). */
    billedInstanceHours: (slice: CostSlice) => billedInstanceHours(db, slice),
    /** Each resource's unblended cost in one billing period ('YYYY-MM-01'), for the waste findings. */
    resourceCostsOfPeriod: (organizationId: string, billingPeriod: string) =>
      resourceCostsOfPeriod(db, organizationId, billingPeriod),
    /** One account's billed cost per day, region, service code and usage type (the meter's check). */
    billedUsageDays: (query: Parameters<typeof billedUsageDays>[1]) => billedUsageDays(db, query),
  };
}

export type CostSlices = ReturnType<typeof createCostSlices>;
