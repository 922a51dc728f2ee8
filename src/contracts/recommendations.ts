import { z } from 'zod';

/** EC2 rightsizing and idle findings. Money is USD a month (730 hours) unless named hourly. */

export const ec2FindingKind = z.enum([
  'over-provisioned',
  'under-provisioned',
  'optimized',
  'idle',
  'not-enough-data',
]);
export type Ec2FindingKind = z.infer<typeof ec2FindingKind>;

export const ec2FindingLabel = z.enum(['auto-scaling-group', 'stopped', 'gpu']);
export type Ec2FindingLabel = z.infer<typeof ec2FindingLabel>;

/**
 * Where the hourly cost came from: the instance's own amortized cost on the bill, the us-east-1 list
 * price, the region's price from the AWS Price List API, or the us-east-1 price standing in for a
 * region whose price list could not be read.
 */
export const priceSource = z.enum(['billed', 'list-us-east-1', 'pricing-api', 'estimate-us-east-1']);
export type PriceSource = z.infer<typeof priceSource>;

export const idleVerdict = z.enum(['terminate-candidate', 'idle', 'in-use', 'not-enough-data']);

export const ec2FindingAction = z.object({
  kind: z.enum(['dismissed', 'snoozed']),
  snoozed_until: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type Ec2FindingActionView = z.infer<typeof ec2FindingAction>;

export const ec2Finding = z.object({
  id: z.string(),
  integration_id: z.string(),
  instance_id: z.string(),
  name: z.string().nullable(),
  account_id: z.string(),
  region: z.string(),
  state: z.string(),
  finding: ec2FindingKind,
  labels: z.array(ec2FindingLabel),
  current_type: z.string(),
  recommended_type: z.string().nullable(),
  vcpu: z.number().nullable(),
  memory_gib: z.number().nullable(),
  /** The percentile the CPU and memory figures are (99.5 by default). */
  percentile: z.number(),
  cpu_percentile: z.number().nullable(),
  memory_percentile: z.number().nullable(),
  target_cpu_percent: z.number(),
  projected_cpu_percent: z.number().nullable(),
  required_memory_gib: z.number().nullable(),
  hourly_cost: z.number().nullable(),
  price_source: priceSource,
  monthly_cost_now: z.number().nullable(),
  monthly_cost_after: z.number().nullable(),
  /** Positive: saved each month; negative: what fixing an under-provisioned instance adds. */
  monthly_savings: z.number(),
  idle: z.object({ verdict: idleVerdict, low_use_days: z.number() }),
  why: z.string(),
  action: ec2FindingAction.nullable(),
  window_start: z.string(),
  window_end: z.string(),
  computed_at: z.string(),
});
export type Ec2FindingView = z.infer<typeof ec2Finding>;

export const rightsizingSettings = z.object({
  cpu_percentile: z
    .number()
    .refine(
      (value) => [90, 95, 99.5].includes(value),
      'must be 90, 95 or 99.5 (as in AWS Compute Optimizer)',
    ),
  headroom_percent: z
    .number()
    .refine(
      (value) => [0, 10, 20, 30].includes(value),
      'must be 0, 10, 20 or 30 (as in AWS Compute Optimizer)',
    ),
});
export type RightsizingSettingsView = z.infer<typeof rightsizingSettings>;

export const ec2FindingList = z.object({
  /** Over-provisioned and idle findings among those listed, without dismissed or snoozed ones. */
  total_monthly_savings: z.number(),
  count: z.number(),
  findings: z.array(ec2Finding),
  /** Every account and region with a finding, for the filters. */
  accounts: z.array(z.string()),
  regions: z.array(z.string()),
  settings: rightsizingSettings,
  computed_at: z.string().nullable(),
});
export type Ec2FindingListView = z.infer<typeof ec2FindingList>;

export const ec2Candidate = z.object({
  type: z.string(),
  generation: z.enum(['current', 'previous']),
  vcpu: z.number(),
  memory_gib: z.number(),
  projected_cpu_percent: z.number(),
  monthly_cost: z.number(),
  fits: z.boolean(),
  recommended: z.boolean(),
});
export type Ec2CandidateView = z.infer<typeof ec2Candidate>;

export const ec2HourPoint = z.object({
  hour: z.string(),
  cpu_max: z.number().nullable(),
  cpu_average: z.number().nullable(),
  memory_max: z.number().nullable(),
});

export const ec2FindingDetail = ec2Finding.extend({
  candidates: z.array(ec2Candidate),
  /** How many types of the same architecture with enough memory were compared. */
  candidates_considered: z.number(),
  series: z.array(ec2HourPoint),
});
export type Ec2FindingDetailView = z.infer<typeof ec2FindingDetail>;

export const ec2SortField = z.enum([
  'savings',
  'cost_now',
  'cost_after',
  'cpu',
  'instance',
  'name',
  'account',
  'region',
  'finding',
  'current_type',
]);
export type Ec2SortField = z.infer<typeof ec2SortField>;

export const ec2FindingQuery = z.object({
  finding: ec2FindingKind.optional(),
  account: z
    .string()
    .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
    .optional(),
  search: z.string().trim().max(100).optional(),
  include_dismissed: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: ec2SortField.default('savings'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type Ec2FindingQuery = z.infer<typeof ec2FindingQuery>;

export const ec2FindingIdParams = z.object({ id: z.uuid('must be a finding id') });
