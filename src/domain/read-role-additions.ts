/**
 * Rights the read-only role gained after its first template. A stack made before them lacks them until
 * it is updated, so the existing-stack page lists them and each feature names the one refused.
 */

/** The usage meter: metrics and where they exist, Lambda's memory sizes, and owners from tags (docs/decisions/125). */
export const USAGE_METER_PERMISSIONS = [
  'cloudwatch:GetMetricData',
  'cloudwatch:ListMetrics',
  'lambda:ListFunctions',
  'tag:GetResources',
] as const;

/** The commitments inventory, one describe call per kind of commitment (docs/decisions/122). */
export const COMMITMENT_INVENTORY_PERMISSIONS = {
  'savings-plans': 'savingsplans:DescribeSavingsPlans',
  'ec2-reservations': 'ec2:DescribeReservedInstances',
  'rds-reservations': 'rds:DescribeReservedDBInstances',
} as const;

export type CommitmentApi = keyof typeof COMMITMENT_INVENTORY_PERMISSIONS;

/**
 * Cost Optimization Hub's recommendations, imported beside Compute Optimizer's (docs/decisions/133):
 * whether the account enrolled, then the list.
 */
export const COST_OPTIMIZATION_HUB_PERMISSIONS = [
  'cost-optimization-hub:ListEnrollmentStatuses',
  'cost-optimization-hub:ListRecommendations',
] as const;
