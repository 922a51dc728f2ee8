import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import type { DayWindow } from './day-window.ts';
import { windowHours } from './day-window.ts';
import { type LineItem, toMoneyUnits } from './line-item.ts';

/** A one-year, no-upfront Compute Savings Plan bought by the payer account. */
export const COMPUTE_SAVINGS_PLAN = {
  arn: `arn:aws:savingsplans::${MANAGEMENT_ACCOUNT_ID}:savingsplan/6f1c2a9e-4b7d-4e0a-9a53-2d8c1f7b3e10`,
  /** Savings Plan rate as a share of the on-demand rate for the covered instance families. */
  rateShareOfOnDemand: 0.72,
  hourlyCommitmentUsd: 0.54,
};

/**
 * A covered instance hour appears twice in the CUR: once as SavingsPlanCoveredUsage at the on-demand
 * cost (with the Savings Plan effective cost beside it) and once as a SavingsPlanNegation that cancels
 * the on-demand cost; the commitment itself is billed by the SavingsPlanRecurringFee row.
 */
export function coveredUsageRows(onDemandRow: LineItem): LineItem[] {
  const covered: LineItem = {
    ...onDemandRow,
    type: 'SavingsPlanCoveredUsage',
    savingsPlanArn: COMPUTE_SAVINGS_PLAN.arn,
    savingsPlanEffectiveCost: Math.round(onDemandRow.unblended * COMPUTE_SAVINGS_PLAN.rateShareOfOnDemand),
  };
  const negation: LineItem = {
    ...onDemandRow,
    type: 'SavingsPlanNegation',
    pricingTerm: '',
    usageAmount: 0,
    unblended: -onDemandRow.unblended,
    savingsPlanArn: COMPUTE_SAVINGS_PLAN.arn,
  };
  return [covered, negation];
}

export function savingsPlanFeeRow(window: DayWindow, coveredRows: LineItem[]): LineItem {
  const hours = windowHours(window);
  const commitment = toMoneyUnits(COMPUTE_SAVINGS_PLAN.hourlyCommitmentUsd * hours);
  const used = coveredRows.reduce((sum, row) => sum + (row.savingsPlanEffectiveCost ?? 0), 0);
  return {
    accountId: MANAGEMENT_ACCOUNT_ID,
    type: 'SavingsPlanRecurringFee',
    start: window.dayStart,
    end: window.end,
    productCode: 'ComputeSavingsPlans',
    productName: 'Savings Plans for AWS Compute usage',
    usageType: 'ComputeSP:1yrNoUpfront',
    operation: '',
    resourceId: COMPUTE_SAVINGS_PLAN.arn,
    usageAmount: hours,
    unblended: commitment,
    region: '',
    pricingTerm: '',
    tags: {},
    savingsPlanArn: COMPUTE_SAVINGS_PLAN.arn,
    savingsPlanTotalCommitment: commitment,
    savingsPlanUsedCommitment: Math.min(used, commitment),
  };
}
