import type { Cur2TestLineItem } from './cur2-test-files.ts';

/** Accounts of the test bill: the payer bought the commitments, the workload account uses them. */
export const PAYER = '111111111111';
export const WORKLOADS = '222222222222';
export const SAVINGS_PLAN = `arn:aws:savingsplans::${PAYER}:savingsplan/sp-0commit`;
export const RESERVATION = `arn:aws:rds:us-east-1:${PAYER}:ri:prod-db-ri`;

const savingsPlan = {
  savingsPlanArn: SAVINGS_PLAN,
  savingsPlanOfferingType: 'ComputeSavingsPlans',
  savingsPlanPurchaseTerm: '1yr',
  savingsPlanPaymentOption: 'No Upfront',
  savingsPlanStartTime: '2026-03-01T00:00:00.000Z',
  savingsPlanEndTime: '2027-03-01T00:00:00.000Z',
};
const reservation = {
  reservationArn: RESERVATION,
  productCode: 'AmazonRDS',
  reservationNumberOfReservations: '2',
  reservationStartTime: '2026-01-15T00:00:00.000Z',
  reservationEndTime: '2026-12-20T00:00:00.000Z',
  leaseContractLength: '1yr',
  purchaseOption: 'Partial Upfront',
};

function fee(start: string, used: string): Cur2TestLineItem {
  return {
    type: 'SavingsPlanRecurringFee',
    usageType: 'ComputeSP:1yrNoUpfront',
    start,
    unblended: '2.00',
    savingsPlanTotalCommitmentToDate: '2.00',
    savingsPlanUsedCommitment: used,
    usageAccountId: PAYER,
    productCode: 'ComputeSavingsPlans',
    ...savingsPlan,
  };
}

function covered(start: string, onDemand: string, effective: string): Cur2TestLineItem[] {
  const usage = {
    usageType: 'USE1-BoxUsage:m5.large',
    start,
    usageAccountId: WORKLOADS,
    resourceId: 'i-web',
  };
  return [
    {
      type: 'SavingsPlanCoveredUsage',
      ...usage,
      unblended: onDemand,
      savingsPlanEffectiveCost: effective,
      ...savingsPlan,
    },
    { type: 'SavingsPlanNegation', ...usage, unblended: `-${onDemand}`, savingsPlanArn: SAVINGS_PLAN },
  ];
}

/**
 * A CUR 2.0 month with a Compute Savings Plan (hourly fee lines, covered usage and its negations), an
 * RDS reservation (a day's reserved hours each day and its monthly RIFee with unused parts), on-demand
 * usage a commitment could have paid for, and usage none could (storage).
 */
// biome-ignore format: one line item per line
export const COMMITMENT_BILL: Cur2TestLineItem[] = [
  fee('2026-10-05 10:00:00', '1.50'),
  fee('2026-10-05 11:00:00', '2.00'),
  fee('2026-10-05 12:00:00', '0.75'),
  fee('2026-10-06 10:00:00', '1.80'),
  fee('2026-10-06 11:00:00', '0'),
  ...covered('2026-10-05 10:00:00', '2.083333', '1.50'),
  ...covered('2026-10-05 11:00:00', '2.777777', '2.00'),
  ...covered('2026-10-05 12:00:00', '1.041666', '0.75'),
  ...covered('2026-10-06 10:00:00', '2.500000', '1.80'),
  { type: 'DiscountedUsage', usageType: 'InstanceUsage:db.r6g.large', start: '2026-10-05 00:00:00', hours: 24, usageAmount: '24', usageAccountId: PAYER, unblended: '0', reservationEffectiveCost: '3.600000', publicOnDemandCost: '5.520000', ...reservation },
  { type: 'DiscountedUsage', usageType: 'InstanceUsage:db.r6g.large', start: '2026-10-06 00:00:00', hours: 24, usageAmount: '24', usageAccountId: WORKLOADS, unblended: '0', reservationEffectiveCost: '3.600000', publicOnDemandCost: '5.520000', ...reservation },
  { type: 'RIFee', usageType: 'HeavyUsage:db.r6g.large', start: '2026-10-01 00:00:00', hours: 744, usageAmount: '1488', usageAccountId: PAYER, unblended: '104.16', reservationUnusedAmortizedUpfrontFee: '40.123456', reservationUnusedRecurringFee: '60.654321', ...reservation },
  { type: 'Usage', usageType: 'USE1-BoxUsage:c5.xlarge', start: '2026-10-05 10:00:00', usageAmount: '2', usageAccountId: PAYER, unblended: '0.340000' },
  { type: 'Usage', usageType: 'USE1-BoxUsage:c5.xlarge', start: '2026-10-06 10:00:00', usageAmount: '1', usageAccountId: WORKLOADS, unblended: '0.170000' },
  { type: 'Usage', usageType: 'InstanceUsage:db.r6g.large', start: '2026-10-06 00:00:00', usageAmount: '20', usageAccountId: WORKLOADS, unblended: '4.600000', productCode: 'AmazonRDS' },
  { type: 'Usage', usageType: 'EBS:VolumeUsage.gp3', start: '2026-10-05 00:00:00', usageAmount: '100', usageAccountId: WORKLOADS, unblended: '5.000000' },
  { type: 'Tax', usageType: 'tax', start: '2026-10-05 00:00:00', unblended: '1.23', usageAccountId: PAYER },
];

/**
 * The commitment test bill with tags (decision 142): October 5's covered hours and both accounts' on-demand
 * compute hours carry 'user:team'=web (which the reader cleans to team=web), the workload account's
 * reserved day team=web, October 6's covered hour team=data; the plan's fees and the reservation's RIFee
 * carry team=web too, which a fee never lends a tag scope.
 */
function tagsOf(item: Cur2TestLineItem): Record<string, string> | undefined {
  const day = item.start?.slice(0, 10);
  if (item.type === 'SavingsPlanCoveredUsage' || item.type === 'SavingsPlanNegation')
    return day === '2026-10-05' ? { 'user:team': 'web' } : { team: 'data' };
  if (item.type === 'DiscountedUsage' && item.usageAccountId === WORKLOADS) return { team: 'web' };
  if (item.type === 'Usage' && item.usageType.includes('BoxUsage')) return { 'user:team': 'web' };
  if (item.type === 'SavingsPlanRecurringFee' || item.type === 'RIFee') return { team: 'web' };
  return undefined;
}
export const TAGGED_COMMITMENT_BILL: Cur2TestLineItem[] = COMMITMENT_BILL.map((item) => ({
  ...item,
  tags: tagsOf(item),
}));
