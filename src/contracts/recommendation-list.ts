import { z } from 'zod';
import { RECOMMENDATION_SOURCES } from '../domain/imported-recommendations.ts';

/**
 * One list of every kind of recommendation: EC2 idle and rightsizing findings and the waste beyond
 * EC2 (decision 101). Money is USD a month; a figure the bill or the price table cannot give is null,
 * with the reason.
 */

export const recommendationKind = z.enum([
  'idle-instance',
  'rightsizing',
  'unattached-volume',
  'gp2-volume',
  'old-snapshot',
  'idle-address',
  'idle-nat-gateway',
  'idle-load-balancer',
  'idle-database',
  'idle-public-ip',
  'previous-generation',
  'volume-change',
  'instance-type-change',
]);
export type RecommendationKind = z.infer<typeof recommendationKind>;

export const recommendationAction = z.enum(['dismissed', 'snoozed', 'expected']);

export const recommendationPrice = z.discriminatedUnion('known', [
  z.object({
    known: z.literal(true),
    /** `aws-estimate`: AWS's own figure, On-Demand before discounts (decision 124). */
    basis: z.enum(['bill', 'price-table', 'ec2-rightsizing', 'aws-estimate']),
    source: z.string(),
  }),
  z.object({ known: z.literal(false), reason: z.string() }),
]);

export const recommendationItem = z.object({
  /** `<kind>:<uuid>`: the kind says which finding it is, the uuid is the organization's own. */
  id: z.string(),
  kind: recommendationKind,
  /** Who flagged it: Spendguard's own rules, or imported from AWS (decision 124). */
  source: z.enum(RECOMMENDATION_SOURCES),
  integration_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  resource_id: z.string(),
  name: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  owner: z.object({ team_id: z.string(), name: z.string(), matched_by: z.string() }).nullable(),
  why: z.string(),
  /**
   * The resource an action can act on, where one applies: an idle database carries its DB instance
   * (type `rds-db-instance`) so a "Stop database" action can attach to the finding.
   */
  resource: z
    .object({
      type: z.literal('rds-db-instance'),
      account_id: z.string(),
      region: z.string(),
      id: z.string(),
    })
    .nullable(),
  /** What acting on it saves a month; null: price unknown (see price.reason). */
  monthly_savings: z.number().nullable(),
  price: recommendationPrice,
  action: z
    .object({
      kind: recommendationAction,
      reason: z.string().nullable(),
      snoozed_until: z.string().nullable(),
      by: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type RecommendationItem = z.infer<typeof recommendationItem>;

export const recommendationKindTotal = z.object({
  kind: recommendationKind,
  count: z.number(),
  monthly_savings: z.number(),
  /** Findings of the kind whose price is unknown: not in monthly_savings. */
  price_unknown: z.number(),
});

export const wasteFinderState = z.object({
  integration_id: z.string(),
  account_id: z.string(),
  finder: z.enum([
    'volumes',
    'snapshots',
    'addresses',
    'natGateways',
    'loadBalancers',
    'databases',
    'networkInterfaces',
    'instances',
    'computeOptimizer',
    'costOptimizationHub',
  ]),
  /** `not-enrolled`: the account never turned Compute Optimizer (or Cost Optimization Hub) on, which is no failure. */
  state: z.enum(['ok', 'missing-permission', 'throttled', 'failed', 'not-enrolled']),
  permission: z.string(),
  message: z.string().nullable(),
  regions: z.number(),
  calls: z.number(),
  checked_at: z.string(),
});

export const recommendationList = z.object({
  findings: z.array(recommendationItem),
  totals: z.array(recommendationKindTotal),
  total_monthly_savings: z.number(),
  finders: z.array(wasteFinderState),
  accounts: z.array(z.string()),
  regions: z.array(z.string()),
  /** The teams owning at least one finding the viewer sees, to filter by. */
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Every `key=value` tag on the findings the viewer sees, to filter by. */
  tags: z.array(z.string()),
});
export type RecommendationListView = z.infer<typeof recommendationList>;

const booleanText = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const recommendationListQuery = z.object({
  kind: recommendationKind.optional(),
  account: z
    .string()
    .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
    .optional(),
  team: z.string().max(100).optional(),
  tag: z
    .string()
    .max(400)
    .regex(/^[^=]+=.*$/s, 'must be key=value such as team=platform')
    .optional(),
  include_dismissed: booleanText,
});
export type RecommendationListQuery = z.infer<typeof recommendationListQuery>;

export const recommendationIdParams = z.object({
  id: z
    .string()
    .regex(
      /^(idle-instance|rightsizing|unattached-volume|gp2-volume|old-snapshot|idle-address|idle-nat-gateway|idle-load-balancer|idle-database|idle-public-ip|previous-generation|volume-change|instance-type-change):[0-9a-f-]{36}$/,
      'must be a recommendation id such as gp2-volume:<uuid>',
    ),
});

export const recommendationActionBody = z.object({
  action: recommendationAction,
  reason: z.string().trim().min(1, 'must say why').max(500),
});

/** The thresholds of the waste findings, stored per organization (decisions 101 and 108). */
export const wasteSettings = z.object({
  unattached_days: z.number().int().min(1).max(365),
  snapshot_age_days: z.number().int().min(7).max(3650),
  snapshots_kept_per_volume: z.number().int().min(1).max(100),
  nat_gateway_min_gb: z.number().min(0.001).max(10_000),
  load_balancer_min_requests: z.number().int().min(1).max(10_000_000),
  database_idle_days: z.number().int().min(1).max(14),
});
export type WasteSettingsView = z.infer<typeof wasteSettings>;
