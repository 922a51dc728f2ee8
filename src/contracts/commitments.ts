import { z } from 'zod';
import { inclusiveDayCount, isIsoDay } from '../domain/calendar-days.ts';
import { queryDay } from './query-day.ts';

/** The longest window one answer covers: two years of days. */
export const MAX_COMMITMENT_RANGE_DAYS = 731;

export const commitmentKind = z.enum(
  ['savings-plan', 'reservation'],
  "kind must be 'savings-plan' or 'reservation'",
);

/**
 * GET /api/commitments: the commitments of one integration (default: the organization's default one) in
 * the viewer's scope, their utilization and coverage over from..to (default: the last 30 days).
 * commitment_id narrows to one (another organization's answers 404); granularity sets the series' buckets.
 */
export const commitmentsQuery = z
  .object({
    integration: z
      .string()
      .trim()
      .min(1, 'integration must be an integration id or default')
      .max(100)
      .default('default'),
    from: queryDay('from').optional(),
    to: queryDay('to').optional(),
    kind: commitmentKind.optional(),
    account_id: z
      .string()
      .trim()
      .regex(/^\d{12}$/, 'account_id must be a 12-digit AWS account id')
      .optional(),
    commitment_id: z.string().trim().min(1).max(1024, 'commitment_id is at most 1024 characters').optional(),
    granularity: z.enum(['day', 'month'], "granularity must be 'day' or 'month'").default('day'),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to || !isIsoDay(query.from) || !isIsoDay(query.to)) return;
    if (query.to < query.from)
      context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (inclusiveDayCount(query.from, query.to) > MAX_COMMITMENT_RANGE_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the range may cover at most ${MAX_COMMITMENT_RANGE_DAYS} days`,
      });
  });
export type CommitmentsQuery = z.infer<typeof commitmentsQuery>;

/** Used against total commitment, and the saving, over a window. */
const utilizationFields = {
  total_commitment_usd: z.number(),
  used_commitment_usd: z.number(),
  unused_commitment_usd: z.number(),
  /** 0-100; null when nothing was committed in the window (never a division by zero). */
  utilization_percent: z.number().nullable(),
};

export const commitmentRow = z.object({
  /** The Savings Plan's or reservation's ARN as the bill names it (an EC2 reservation listed only by EC2: its id). */
  id: z.string(),
  kind: commitmentKind,
  /** 'Compute Savings Plan', 'RDS Reserved Instance'. */
  type: z.string(),
  owner_account_id: z.string(),
  region: z.string(),
  instance_family: z.string(),
  /** As the bill writes them ('1yr', 'No Upfront'); '' when it does not say. */
  term: z.string(),
  payment_option: z.string(),
  hourly_commitment_usd: z.number().nullable(),
  reserved_count: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  days_until_end: z.number().nullable(),
  state: z.enum(['queued', 'active', 'expired']),
  /** Until when AWS takes the Savings Plan back; null when it cannot be returned (any more). */
  returnable_until: z.string().nullable(),
  /**
   * Where the commitment was read (decision 122): the bill (CUR / FOCUS columns), the AWS APIs
   * (DescribeSavingsPlans, DescribeReservedInstances, DescribeReservedDBInstances), or both. One only
   * the APIs list (a queued purchase) has no usage yet: its utilization is null.
   */
  source: z.enum(['bill', 'aws-api', 'both']),
  /** The state as AWS words it ('queued', 'active', 'retired', 'payment-pending'); null from the bill alone. */
  aws_state: z.string().nullable(),
  /** What it charges as the APIs say ("$1.200 an hour, nothing upfront"); null from the bill alone. */
  rates: z.string().nullable(),
  ...utilizationFields,
  on_demand_equivalent_usd: z.number().nullable(),
  net_savings_usd: z.number().nullable(),
  /** Set when the saving is unknown, with why. */
  savings_unknown_reason: z.string().nullable(),
});
export type CommitmentRow = z.infer<typeof commitmentRow>;

/**
 * A commitment billed to an account outside the scope that paid for usage inside it over the window
 * (decision 139): its dates, and the scope's part of what it did. Its utilization and unused dollars are
 * the fee's, so the owner's page shows them.
 */
export const commitmentBilledElsewhere = z.object({
  id: z.string(),
  kind: commitmentKind,
  type: z.string(),
  owner_account_id: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  days_until_end: z.number().nullable(),
  state: z.enum(['queued', 'active', 'expired']),
  /** 0-100: the scope's part of the usage it paid for, by On-Demand cost (by hours when the bill leaves that unknown). */
  share_percent: z.number(),
  /** The scope's covered usage at On-Demand prices; null when the bill does not say. */
  covered_on_demand_usd: z.number().nullable(),
  covered_hours: z.number(),
  /** What that usage cost under the commitment: its used commitment times the share. */
  cost_usd: z.number(),
  net_savings_usd: z.number().nullable(),
});
export type CommitmentBilledElsewhere = z.infer<typeof commitmentBilledElsewhere>;

export const commitmentCoverage = z.object({
  kind: commitmentKind,
  covered_on_demand_usd: z.number().nullable(),
  eligible_on_demand_usd: z.number().nullable(),
  /** Savings Plans' coverage: covered On-Demand dollars / eligible On-Demand dollars. */
  cost_coverage_percent: z.number().nullable(),
  covered_hours: z.number(),
  eligible_hours: z.number(),
  /** Reservations' coverage: reserved hours / all eligible running hours. */
  hours_coverage_percent: z.number().nullable(),
});

export const utilizationPoint = z.object({
  /** 'YYYY-MM-DD' per day, 'YYYY-MM' per month. */
  bucket: z.string(),
  ...utilizationFields,
});

export const commitmentsView = z.object({
  integration: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'month']),
  /** True when a team scope narrows what this person sees to some accounts. */
  scoped: z.boolean(),
  /**
   * The tag pairs ('team=checkout') of this person's scope. Usage these pairs select in other accounts
   * counts in coverage and in `billed_elsewhere`; no commitment is owned by a tag.
   */
  scope_tags: z.array(z.string()),
  commitments: z.array(commitmentRow),
  /**
   * For a scope of tag pairs: the months of the window whose tagged usage under commitments is not
   * known, so their coverage and the commitments billed elsewhere count only the scope's accounts:
   * read before it was kept ('read-before'; upload the month again to fill it), or read from a file of
   * more groups of a day, account and tag set than the server keeps ('too-many'; `tag_days` is that
   * file's count, the largest of the month's parts).
   */
  tag_gaps: z.array(
    z.object({
      month: z.string(),
      reason: z.enum(['read-before', 'too-many']),
      tag_days: z.number().nullable(),
    }),
  ),
  /** In a scope of some accounts or tag pairs: the commitments billed outside it that paid for its usage. */
  billed_elsewhere: z.array(commitmentBilledElsewhere),
  coverage: z.array(commitmentCoverage),
  /** The commitments listed, together, per bucket. */
  utilization: z.array(utilizationPoint),
});
export type CommitmentsView = z.infer<typeof commitmentsView>;
