import { monthStart } from '../../domain/calendar-days.ts';
import type { Cur2TestLineItem } from '../modules/cost-data/billing-files/cur2-test-files.ts';

/** The accounts of a bill with a Savings Plan: the plan's fee is billed to the payer. */
export const PLAN_BILL_ACCOUNTS = { payer: '111111111111', workloads: '222222222222', data: '333333333333' };
export const ENDING_PLAN = `arn:aws:savingsplans::${PLAN_BILL_ACCOUNTS.payer}:savingsplan/sp-ending`;

/**
 * The given days of a CUR 2.0 bill: each day a Compute Savings Plan's fee ($2 an hour, $40 of it used)
 * paying for usage worth $60 On-Demand in the workload account and $30 in the data account, and $100 of
 * usage it does not cover.
 */
export function billWithSavingsPlan(days: readonly string[], planEndsAt: string): Cur2TestLineItem[] {
  const { payer, workloads, data } = PLAN_BILL_ACCOUNTS;
  const plan = {
    savingsPlanArn: ENDING_PLAN,
    savingsPlanOfferingType: 'ComputeSavingsPlans',
    savingsPlanPurchaseTerm: '1yr',
    savingsPlanPaymentOption: 'No Upfront',
    savingsPlanStartTime: '2025-11-20T00:00:00.000Z',
    savingsPlanEndTime: planEndsAt,
  };
  return days.flatMap((day): Cur2TestLineItem[] => {
    const start = `${day} 00:00:00`;
    const billingPeriod = monthStart(day);
    const usage = { usageType: 'USE1-BoxUsage:m5.large', start, hours: 24, billingPeriod };
    return [
      {
        type: 'SavingsPlanRecurringFee',
        usageType: 'ComputeSP:1yrNoUpfront',
        start,
        hours: 24,
        billingPeriod,
        unblended: '48.00',
        savingsPlanTotalCommitmentToDate: '48.00',
        savingsPlanUsedCommitment: '40.00',
        usageAccountId: payer,
        productCode: 'ComputeSavingsPlans',
        ...plan,
      },
      {
        type: 'SavingsPlanCoveredUsage',
        ...usage,
        usageAccountId: workloads,
        unblended: '60.00',
        savingsPlanEffectiveCost: '30.00',
        ...plan,
      },
      {
        type: 'SavingsPlanNegation',
        ...usage,
        usageAccountId: workloads,
        unblended: '-60.00',
        savingsPlanArn: ENDING_PLAN,
      },
      {
        type: 'SavingsPlanCoveredUsage',
        ...usage,
        usageAccountId: data,
        unblended: '30.00',
        savingsPlanEffectiveCost: '10.00',
        ...plan,
      },
      {
        type: 'SavingsPlanNegation',
        ...usage,
        usageAccountId: data,
        unblended: '-30.00',
        savingsPlanArn: ENDING_PLAN,
      },
      { type: 'Usage', ...usage, usageAccountId: workloads, unblended: '100.00' },
    ];
  });
}
