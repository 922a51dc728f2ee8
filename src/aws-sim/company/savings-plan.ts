import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import type { DayWindow } from './day-window.ts';
import { windowHours } from './day-window.ts';
import { type CommitmentTerms, type LineItem, toMoneyUnits } from './line-item.ts';
import { DAY_MS, HOUR_MS, startOfUtcMonth } from './timeline.ts';

/**
 * A three-year, no-upfront Compute Savings Plan bought by the payer account, which ends 45 days after
 * the simulator's anchor day: the demo's plan that ends within 60 days.
 */
export const COMPUTE_SAVINGS_PLAN = {
  arn: `arn:aws:savingsplans::${MANAGEMENT_ACCOUNT_ID}:savingsplan/6f1c2a9e-4b7d-4e0a-9a53-2d8c1f7b3e10`,
  /** Savings Plan rate as a share of the on-demand rate for the covered instance families. */
  rateShareOfOnDemand: 0.72,
  hourlyCommitmentUsd: 0.54,
  endsDaysAfterAnchor: 45,
};

/**
 * A one-year EC2 Instance Savings Plan bought two days before the anchor day (never before the start of
 * the anchor's month), that nothing uses yet: the demo's plan bought by mistake, still returnable.
 */
export const RECENT_SAVINGS_PLAN = {
  arn: `arn:aws:savingsplans::${MANAGEMENT_ACCOUNT_ID}:savingsplan/b3d9e0f4-71c2-4a5e-8f10-9e2c4d6a7b21`,
  hourlyCommitmentUsd: 2.5,
  boughtDaysBeforeAnchor: 2,
};

const YEAR_MS = 365 * DAY_MS;

export function computePlanTerms(anchorDay: number): CommitmentTerms {
  const endMs = anchorDay + COMPUTE_SAVINGS_PLAN.endsDaysAfterAnchor * DAY_MS;
  return {
    offeringType: 'ComputeSavingsPlans',
    term: '3yr',
    paymentOption: 'No Upfront',
    startMs: endMs - 3 * YEAR_MS,
    endMs,
  };
}

export function recentPlanTerms(anchorDay: number): CommitmentTerms {
  const startMs = Math.max(
    anchorDay - RECENT_SAVINGS_PLAN.boughtDaysBeforeAnchor * DAY_MS,
    startOfUtcMonth(anchorDay),
  );
  return {
    offeringType: 'EC2InstanceSavingsPlans',
    term: '1yr',
    paymentOption: 'No Upfront',
    startMs,
    endMs: startMs + YEAR_MS,
  };
}

/** Hours of the window inside the commitment's term. */
function hoursInTerm(window: DayWindow, terms: CommitmentTerms): number {
  const start = Math.max(window.dayStart, terms.startMs);
  const end = Math.min(window.end, terms.endMs);
  return Math.max(0, end - start) / HOUR_MS;
}

/** Whether the Compute Savings Plan pays for usage in the window (it ends within the simulated months). */
export function computePlanCovers(window: DayWindow, anchorDay: number): boolean {
  return hoursInTerm(window, computePlanTerms(anchorDay)) >= windowHours(window);
}

/**
 * A covered instance hour appears twice in the CUR: once as SavingsPlanCoveredUsage at the on-demand
 * cost (with the Savings Plan effective cost beside it) and once as a SavingsPlanNegation that cancels
 * the on-demand cost; the commitment itself is billed by the SavingsPlanRecurringFee row.
 */
export function coveredUsageRows(onDemandRow: LineItem, anchorDay: number): LineItem[] {
  const commitment = computePlanTerms(anchorDay);
  const covered: LineItem = {
    ...onDemandRow,
    type: 'SavingsPlanCoveredUsage',
    savingsPlanArn: COMPUTE_SAVINGS_PLAN.arn,
    savingsPlanEffectiveCost: Math.round(onDemandRow.unblended * COMPUTE_SAVINGS_PLAN.rateShareOfOnDemand),
    publicOnDemandCost: onDemandRow.unblended,
    commitment,
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

function feeRow(
  window: DayWindow,
  plan: { arn: string; hourlyCommitmentUsd: number },
  terms: CommitmentTerms,
  usedUnits: number,
): LineItem | null {
  const hours = hoursInTerm(window, terms);
  if (hours === 0) return null;
  const commitment = toMoneyUnits(plan.hourlyCommitmentUsd * hours);
  return {
    accountId: MANAGEMENT_ACCOUNT_ID,
    type: 'SavingsPlanRecurringFee',
    start: Math.max(window.dayStart, terms.startMs),
    end: Math.min(window.end, terms.endMs),
    productCode: terms.offeringType,
    productName: 'Savings Plans for AWS Compute usage',
    usageType: `${terms.offeringType === 'ComputeSavingsPlans' ? 'ComputeSP' : 'EC2SP'}:${terms.term}NoUpfront`,
    operation: '',
    resourceId: plan.arn,
    usageAmount: hours,
    unblended: commitment,
    region: '',
    pricingTerm: '',
    tags: {},
    savingsPlanArn: plan.arn,
    savingsPlanTotalCommitment: commitment,
    savingsPlanUsedCommitment: Math.min(usedUnits, commitment),
    commitment: terms,
  };
}

/** The Compute Savings Plan's fee for the window, with what the covered rows used of it. */
export function savingsPlanFeeRow(window: DayWindow, coveredRows: LineItem[], anchorDay: number): LineItem[] {
  const used = coveredRows.reduce((sum, row) => sum + (row.savingsPlanEffectiveCost ?? 0), 0);
  const row = feeRow(window, COMPUTE_SAVINGS_PLAN, computePlanTerms(anchorDay), used);
  return row ? [row] : [];
}

/** The recently bought plan's fee for the window: nothing uses it. */
export function recentPlanFeeRows(window: DayWindow, anchorDay: number): LineItem[] {
  const row = feeRow(window, RECENT_SAVINGS_PLAN, recentPlanTerms(anchorDay), 0);
  return row ? [row] : [];
}
