import { z } from 'zod';
import { isValidSlug } from '../domain/slugs.ts';
import { thresholdState } from './alerts.ts';
import { monthEndForecast } from './billing-data.ts';
import { organizationMember } from './organizations.ts';

/** AWS account ids are 12 digits. */
const usageAccountId = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'an AWS account id is 12 digits');

const tagPair = z.object({
  key: z.string().trim().min(1, 'enter the tag key').max(128),
  value: z.string().trim().min(1, 'enter the tag value').max(256),
});

/** The spend a team owns: usage accounts and/or tag key=value pairs. Both empty: the team restricts nothing. */
export const teamScope = z.object({
  account_ids: z.array(usageAccountId).max(200).default([]),
  tags: z.array(tagPair).max(200).default([]),
});
export type TeamScope = z.infer<typeof teamScope>;

export const teamSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  member_count: z.number().int(),
  scope: teamScope,
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamList = z.object({ teams: z.array(teamSummary) });

export const teamDetails = teamSummary.extend({ members: z.array(organizationMember) });
export type TeamDetails = z.infer<typeof teamDetails>;

export const teamName = z
  .string()
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'enter a name').max(60, 'use at most 60 characters'));

export const teamSlug = z
  .string()
  .trim()
  .refine(isValidSlug, 'use lower-case letters, digits and single dashes (at most 40), e.g. platform-team');

export const createTeamInput = z.object({
  name: teamName,
  /** Made from the name when left out. */
  slug: teamSlug.optional(),
  member_ids: z.array(z.uuid('must be a user id')).max(500).default([]),
  scope: teamScope.default({ account_ids: [], tags: [] }),
});
export type CreateTeamInput = z.input<typeof createTeamInput>;

export const updateTeamInput = z
  .object({
    name: teamName.optional(),
    slug: teamSlug.optional(),
    member_ids: z.array(z.uuid('must be a user id')).max(500).optional(),
    scope: teamScope.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'send at least one field');
export type UpdateTeamInput = z.input<typeof updateTeamInput>;

export const teamIdParams = z.object({ id: z.uuid('must be a team id') });
export const addTeamMemberInput = z.object({ user_id: z.uuid('must be a user id') });

/** GET list_users: the team and its members. */
export const teamUsers = z.object({ team: teamSummary, users: z.array(organizationMember) });
export type TeamUsers = z.infer<typeof teamUsers>;

/** What the signed-in person sees of the organization's spend (src/domain/cost-scope.ts). */
export const myCostScope = z.object({
  restricted: z.boolean(),
  account_ids: z.array(z.string()),
  tags: z.array(z.object({ key: z.string(), value: z.string() })),
  teams: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
});
export type MyCostScope = z.infer<typeof myCostScope>;

/** The team's own spend this month and the state of the budgets on its scope. */
export const teamSpend = z.object({
  /** The team owns no accounts or tag values: the figures are the whole organization's. */
  whole_organization: z.boolean(),
  /** Null until an integration is connected. */
  month: z
    .object({
      integration: z.object({ id: z.string(), name: z.string() }),
      fresh_through: z.string().nullable(),
      month_end_forecast: monthEndForecast,
      last_month_total: z.number(),
      /** False when the data holds no bill for last month: its total is not a $0 month. */
      last_month_held: z.boolean(),
    })
    .nullable(),
  budgets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      period: z.enum(['monthly', 'quarterly', 'yearly']),
      amount_usd: z.number(),
      actual_usd: z.number(),
      forecast_usd: z.number().nullable(),
      percent_used: z.number().nullable(),
      paused: z.boolean(),
      /** The worst of its thresholds' states; `no-data` until the organization's first cost data arrives. */
      state: thresholdState,
    }),
  ),
});
export type TeamSpend = z.infer<typeof teamSpend>;
export const teamSlugParams = z.object({ slug: teamSlug });
