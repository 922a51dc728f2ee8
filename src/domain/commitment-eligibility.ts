/**
 * Which usage a commitment could pay for, by AWS's product rules (decision 098). Coverage divides the
 * usage commitments paid for by all eligible usage, so the eligible usage is named once, here, and the
 * billing-file reader turns it into SQL.
 */

export type CommitmentKind = 'savings-plan' | 'reservation';

/** Usage of one service whose usage type contains one of the fragments. */
export interface EligibleUsage {
  serviceCode: string;
  usageTypeContains: string[];
}

/**
 * Savings Plans: Compute Savings Plans pay for EC2 instance hours, Fargate and Lambda duration; SageMaker
 * Savings Plans for SageMaker ML instances. An EC2 Instance Savings Plan pays for a subset of the EC2 hours.
 */
export const SAVINGS_PLAN_ELIGIBLE_USAGE: readonly EligibleUsage[] = [
  { serviceCode: 'AmazonEC2', usageTypeContains: ['BoxUsage', 'DedicatedUsage', 'HostUsage'] },
  { serviceCode: 'AmazonECS', usageTypeContains: ['Fargate'] },
  { serviceCode: 'AmazonEKS', usageTypeContains: ['Fargate'] },
  { serviceCode: 'AWSLambda', usageTypeContains: ['Lambda-GB-Second', 'Lambda-Provisioned'] },
  { serviceCode: 'AmazonSageMaker', usageTypeContains: ['ml.'] },
];

/** Reservations: instance hours of EC2, RDS, ElastiCache, Redshift, OpenSearch and MemoryDB. */
export const RESERVATION_ELIGIBLE_USAGE: readonly EligibleUsage[] = [
  { serviceCode: 'AmazonEC2', usageTypeContains: ['BoxUsage', 'DedicatedUsage'] },
  { serviceCode: 'AmazonRDS', usageTypeContains: ['InstanceUsage', 'Multi-AZUsage'] },
  { serviceCode: 'AmazonElastiCache', usageTypeContains: ['NodeUsage'] },
  { serviceCode: 'AmazonRedshift', usageTypeContains: ['Node:'] },
  { serviceCode: 'AmazonES', usageTypeContains: ['ESInstance'] },
  { serviceCode: 'AmazonOpenSearchService', usageTypeContains: ['ESInstance'] },
  { serviceCode: 'AmazonMemoryDB', usageTypeContains: ['NodeUsage'] },
];

export function eligibleUsageOf(kind: CommitmentKind): readonly EligibleUsage[] {
  return kind === 'savings-plan' ? SAVINGS_PLAN_ELIGIBLE_USAGE : RESERVATION_ELIGIBLE_USAGE;
}

/** Whether a usage line of this service and usage type is one a commitment of the kind could pay for. */
export function isEligibleUsage(kind: CommitmentKind, serviceCode: string, usageType: string): boolean {
  return eligibleUsageOf(kind).some(
    (rule) =>
      rule.serviceCode === serviceCode && rule.usageTypeContains.some((part) => usageType.includes(part)),
  );
}

const SAVINGS_PLAN_TYPES: Record<string, string> = {
  ComputeSavingsPlans: 'Compute Savings Plan',
  EC2InstanceSavingsPlans: 'EC2 Instance Savings Plan',
  SageMakerSavingsPlans: 'SageMaker Savings Plan',
};

const RESERVATION_TYPES: Record<string, string> = {
  AmazonEC2: 'EC2 Reserved Instance',
  AmazonRDS: 'RDS Reserved Instance',
  AmazonElastiCache: 'ElastiCache Reserved Node',
  AmazonRedshift: 'Redshift Reserved Node',
  AmazonES: 'OpenSearch Reserved Instance',
  AmazonOpenSearchService: 'OpenSearch Reserved Instance',
  AmazonMemoryDB: 'MemoryDB Reserved Node',
};

/**
 * What a person calls a commitment: a Savings Plan by its offering type ('ComputeSavingsPlans', also the
 * product code of its fee), a reservation by its service. Unknown offerings keep their own words.
 */
export function commitmentTypeLabel(kind: CommitmentKind, offering: string): string {
  const known = kind === 'savings-plan' ? SAVINGS_PLAN_TYPES[offering] : RESERVATION_TYPES[offering];
  if (known) return known;
  const generic = kind === 'savings-plan' ? 'Savings Plan' : 'Reservation';
  return offering ? `${generic} (${offering})` : generic;
}
