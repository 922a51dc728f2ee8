import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../domain/account-rules.ts';
import { DEFAULT_BUDGET_THRESHOLDS } from '../domain/budgets.ts';
import {
  anomalySettings,
  budgetThresholdInput,
  commitmentsSettings,
  costFilter,
  costThresholdSettings,
  createBudgetInput,
  DIGEST_CHOICES,
  emptyFilter,
  hasLaunchCondition,
  idleEc2Settings,
  launchAutoStop,
  launchConditions,
  liveSpendSettings,
  NOTIFICATION_KINDS,
} from './alerts.ts';
import { teamName, teamScope, teamSlug } from './teams.ts';

/**
 * Budgets as code (docs/decisions/057): an organization's budgets, alert rules, teams and
 * notification routes as one YAML or JSON document, keyed by names instead of ids. A section left out
 * is left alone; a section present lists everything it manages (what it leaves out is deleted). The
 * fields reuse the API's own schemas, so the file and `POST /api/budgets` refuse the same values.
 */
export const CONFIG_DOCUMENT_VERSION = 1;

const memberEmail = z
  .email('must be an e-mail address')
  .max(MAX_EMAIL_LENGTH, `at most ${MAX_EMAIL_LENGTH} characters`)
  .toLowerCase();

export const configTeam = z.strictObject({
  /** The team's key: unique in the organization, used by launch rules (`settings.team`). */
  slug: teamSlug,
  name: teamName,
  /** Members of the organization, by e-mail. */
  members: z.array(memberEmail).max(500).default([]),
  scope: teamScope.default({ account_ids: [], tags: [] }),
});

export const configBudget = z.strictObject({
  name: createBudgetInput.shape.name,
  amount_usd: createBudgetInput.shape.amount_usd,
  period: createBudgetInput.shape.period,
  cost_basis: createBudgetInput.shape.cost_basis,
  filter: costFilter.default(emptyFilter),
  thresholds: z
    .array(
      z.strictObject({
        percent: budgetThresholdInput.shape.percent,
        basis: budgetThresholdInput.shape.basis,
      }),
    )
    .min(1, 'add at least one threshold')
    .max(20)
    .default(DEFAULT_BUDGET_THRESHOLDS.map(({ percent, basis }) => ({ percent, basis }))),
  paused: z.boolean().default(false),
});

const ruleName = z.string().trim().min(1, 'enter a name').max(80, 'use at most 80 characters');
const ruleCommon = {
  name: ruleName,
  filter: costFilter.default(emptyFilter),
  paused: z.boolean().default(false),
};

/**
 * A launch rule names its team by slug (a team of the document, or of the organization when `teams` is
 * left out). Its automatic stop (`auto_stop`, off when null) is written as the rules API takes it
 * (decision 132).
 */
export const configLaunchSettings = z
  .object({ team: teamSlug.nullable().default(null), ...launchConditions, auto_stop: launchAutoStop })
  .refine(hasLaunchCondition.check, {
    message: hasLaunchCondition.message,
    path: [...hasLaunchCondition.path],
  });

export const configAlertRule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cost-threshold'), ...ruleCommon, settings: costThresholdSettings }),
  z.strictObject({
    kind: z.literal('anomaly'),
    ...ruleCommon,
    settings: anomalySettings.default({ sensitivity: 'medium', min_impact_usd: 25, dimension: 'service' }),
  }),
  z.strictObject({ kind: z.literal('idle-ec2'), ...ruleCommon, settings: idleEc2Settings }),
  z.strictObject({ kind: z.literal('launch'), ...ruleCommon, settings: configLaunchSettings }),
  z.strictObject({ kind: z.literal('live-spend'), ...ruleCommon, settings: liveSpendSettings }),
  z.strictObject({ kind: z.literal('commitments'), ...ruleCommon, settings: commitmentsSettings }),
]);

/** The organization's routes: added recipient addresses, and which alert kinds its Slack channel gets. */
export const configNotifications = z.strictObject({
  recipients: z.array(memberEmail).max(50).default([]),
  /** Left out: Slack stays as it is. The connection itself (webhook or sign-in) is made in Settings. */
  slack: z
    .strictObject({
      channel: z.string().trim().max(80).nullable().default(null),
      alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)).default([...NOTIFICATION_KINDS]),
      /** The organization's spend digest posted to the channel. */
      digest: z.enum(DIGEST_CHOICES).default('off'),
    })
    .optional(),
});

export const configDocument = z.strictObject({
  version: z.literal(CONFIG_DOCUMENT_VERSION, `use version ${CONFIG_DOCUMENT_VERSION}`),
  teams: z.array(configTeam).max(500).optional(),
  budgets: z.array(configBudget).max(1000).optional(),
  alert_rules: z.array(configAlertRule).max(1000).optional(),
  notifications: configNotifications.optional(),
});
export type ConfigDocument = z.output<typeof configDocument>;
export type ConfigTeam = z.output<typeof configTeam>;
export type ConfigBudget = z.output<typeof configBudget>;
export type ConfigAlertRule = z.output<typeof configAlertRule>;
export type ConfigNotifications = z.output<typeof configNotifications>;

/** The document's sections, in the order an export writes them and a plan lists them. */
export const CONFIG_SECTION = {
  teams: 'teams',
  budgets: 'budgets',
  alertRules: 'alert_rules',
  notifications: 'notifications',
} as const;
export const CONFIG_SECTIONS = Object.values(CONFIG_SECTION);
export type ConfigSection = (typeof CONFIG_SECTION)[keyof typeof CONFIG_SECTION];
/** The sections that list named objects. */
export const NAMED_CONFIG_SECTIONS = [
  CONFIG_SECTION.teams,
  CONFIG_SECTION.budgets,
  CONFIG_SECTION.alertRules,
] as const;
export type NamedConfigSection = (typeof NAMED_CONFIG_SECTIONS)[number];

export const configExportQuery = z.object({
  /** Default: YAML, or JSON when the Accept header asks for `application/json` only. */
  format: z.enum(['yaml', 'json']).optional(),
});

export const configChange = z.object({
  section: z.enum(CONFIG_SECTION),
  /** The object's key: a team's slug, a budget's or rule's name; `notifications` for the routes. */
  name: z.string(),
  action: z.enum(['create', 'update', 'delete', 'unchanged']),
  /** For an update: each changed field with its value before and after. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ConfigChange = z.infer<typeof configChange>;

export const configPlan = z.object({
  version: z.literal(CONFIG_DOCUMENT_VERSION),
  /** False for a plan; true once `apply` has committed these changes. */
  applied: z.boolean(),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    delete: z.number().int(),
    unchanged: z.number().int(),
  }),
  changes: z.array(configChange),
});
export type ConfigPlan = z.infer<typeof configPlan>;
