import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../domain/account-rules.ts';
import { providerNames } from './cloud-providers.ts';
import { commitmentEndInForecast } from './commitment-ends.ts';

/** Which spend a budget or rule watches: all of it, or some accounts, services and/or one tag value. */
export const costFilter = z.object({
  account_ids: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{12}$/, 'an AWS account id is 12 digits'),
    )
    .max(200)
    .default([]),
  services: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
  tag: z
    .object({
      key: z.string().trim().min(1, 'enter the tag key').max(128),
      value: z.string().trim().max(256),
    })
    .nullable()
    .default(null),
  /** Providers the spend comes from ('AWS', 'Microsoft'; decision 060); empty: every provider. */
  providers: providerNames.default([]),
});
export type CostFilter = z.infer<typeof costFilter>;
/** A filter that narrows nothing: every account, service, tag and provider. */
export const emptyFilter = { account_ids: [], services: [], tag: null, providers: [] };

export const budgetThresholdInput = z.object({
  id: z.string().trim().min(1).max(60).optional(),
  percent: z.number().positive('must be above 0').max(1000, 'at most 1000%'),
  basis: z.enum(['actual', 'forecast']),
});

const budgetName = z.string().trim().min(1, 'enter a name').max(80, 'use at most 80 characters');

export const createBudgetInput = z.object({
  name: budgetName,
  amount_usd: z.number().positive('must be above 0').max(1e12),
  period: z.enum(['monthly', 'quarterly', 'yearly']).default('monthly'),
  cost_basis: z.enum(['unblended', 'amortized']).default('unblended'),
  filter: costFilter.default(emptyFilter),
  /** Defaults: 50, 80, 100% of actual and 100% of forecast. */
  thresholds: z.array(budgetThresholdInput).min(1, 'add at least one threshold').max(20).optional(),
});
export type CreateBudgetInput = z.input<typeof createBudgetInput>;

export const updateBudgetInput = createBudgetInput
  .partial()
  .extend({ paused: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, 'change at least one field');
export type UpdateBudgetInput = z.input<typeof updateBudgetInput>;

/** no-data: nothing reached it, but with no cost data yet it cannot be called on track. */
export const thresholdState = z.enum(['ok', 'forecast-to-exceed', 'exceeded', 'no-data']);

export const budgetView = z.object({
  id: z.string(),
  name: z.string(),
  amount_usd: z.number(),
  period: z.enum(['monthly', 'quarterly', 'yearly']),
  cost_basis: z.enum(['unblended', 'amortized']),
  filter: costFilter,
  paused: z.boolean(),
  created_at: z.string(),
  status: z.object({
    /** The last day with cost data: the budget is judged as of that day. */
    as_of: z.string().nullable(),
    period_start: z.string(),
    period_end: z.string(),
    period_key: z.string(),
    actual_usd: z.number(),
    /** The bill data's forecast plus `forecast_live_run_rate_usd`. */
    forecast_usd: z.number().nullable(),
    /**
     * What resources launched since the bill data add to the period if they keep running (the live
     * ledger's run-rate to the period's end, on-demand prices); included in `forecast_usd`.
     */
    forecast_live_run_rate_usd: z.number(),
    /**
     * Savings Plans and reservations in the budget's accounts that end within its period (decision 137);
     * their `extra_usd` is included in `forecast_usd`.
     */
    forecast_commitment_ends: z.array(commitmentEndInForecast),
    percent_used: z.number().nullable(),
    thresholds: z.array(
      z.object({
        id: z.string(),
        percent: z.number(),
        basis: z.enum(['actual', 'forecast']),
        amount_usd: z.number(),
        state: thresholdState,
        fired_at: z.string().nullable(),
      }),
    ),
  }),
});
export type BudgetView = z.infer<typeof budgetView>;
export const budgetList = z.object({ budgets: z.array(budgetView) });
export const idParams = z.object({ id: z.uuid('must be an id') });

export const ALERT_RULE_KINDS = [
  'cost-threshold',
  'anomaly',
  'idle-ec2',
  'launch',
  'live-spend',
  'commitments',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

export const costThresholdSettings = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('daily-amount'), amount_usd: z.number().positive('must be above 0').max(1e12) }),
  z.object({
    mode: z.literal('above-trailing-average'),
    percent: z.number().positive('must be above 0').max(10000),
  }),
]);
export const anomalySettings = z.object({
  sensitivity: z.enum(['low', 'medium', 'high']).default('medium'),
  min_impact_usd: z.number().min(0).max(1e9).default(25),
  dimension: z.enum(['service', 'account']).default('service'),
});
export const idleEc2Settings = z.object({}).default({});

/** A launch rule's conditions (src/domain/launch-alerts.ts); the config document shares them. */
export const launchConditions = {
  /** The window of the rise condition, in hours. */
  window_hours: z
    .number()
    .int('use whole hours')
    .min(1, 'at least 1 hour')
    .max(168, 'at most 168 hours')
    .default(6),
  /** Launches within the window raise the hourly run-rate by more than this. */
  window_rise_usd_per_hour: z.number().positive('must be above 0').max(1e9).nullable().default(null),
  /** One launch (one event, e.g. a RunInstances of 8) adds more than this an hour. */
  single_launch_usd_per_hour: z.number().positive('must be above 0').max(1e9).nullable().default(null),
  /** The live run-rate would carry a budget over its amount before its period ends. */
  budget_overrun: z.boolean().default(false),
};

/** A launch rule watches something: a rise, a single launch or a budget overrun. */
export const hasLaunchCondition = {
  check: (settings: {
    window_rise_usd_per_hour: number | null;
    single_launch_usd_per_hour: number | null;
    budget_overrun: boolean;
  }) =>
    settings.window_rise_usd_per_hour !== null ||
    settings.single_launch_usd_per_hour !== null ||
    settings.budget_overrun,
  message: 'set at least one condition',
  path: ['single_launch_usd_per_hour'],
} as const;

/**
 * A launch rule's automatic policy (docs/decisions/121), off unless set: the stop its alert proposes runs
 * by itself `after_minutes` after the alert unless someone keeps the instances running first. In
 * `dry-run` mode it only records what it would have done. `account_ids` empty: any account.
 */
export const launchAutoStop = z
  .object({
    mode: z.enum(['dry-run', 'on'], 'must be dry-run or on'),
    after_minutes: z
      .number()
      .int('use whole minutes')
      .min(5, 'at least 5 minutes')
      .max(1440, 'at most 1440 minutes (a day)')
      .default(15),
    account_ids: z
      .array(z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id'))
      .max(100, 'at most 100 accounts')
      .default([]),
  })
  .nullable()
  .default(null);
export type LaunchAutoStop = z.infer<typeof launchAutoStop>;

/**
 * A launch rule (src/domain/launch-alerts.ts): one or more conditions on what was launched
 * since the bill data, in the organization or in one team's accounts.
 */
export const launchSettings = z
  .object({
    /** Watch this team's accounts only; null: the whole organization. */
    team_id: z.uuid('must be a team id').nullable().default(null),
    ...launchConditions,
    auto_stop: launchAutoStop,
  })
  .refine(hasLaunchCondition.check, {
    message: hasLaunchCondition.message,
    path: [...hasLaunchCondition.path],
  });
export type LaunchSettings = z.infer<typeof launchSettings>;

/** A live-spend rule's conditions on metered usage (src/domain/live-spend-alerts.ts); the config document shares them. */
export const liveSpendConditions = {
  /** One metered resource's live $ an hour is above this. */
  resource_usd_per_hour: z.number().positive('must be above 0').max(1e9).nullable().default(null),
  /** A service's metered resources together run above this an hour. */
  service_usd_per_hour: z.number().positive('must be above 0').max(1e9).nullable().default(null),
  /** A resource runs more than this many times its usual rate for the hour of the week. */
  usual_multiple: z.number().gt(1, 'must be more than 1').max(1000).nullable().default(null),
  /** …and at least this much an hour (the usual-rate condition's minimum). */
  usual_min_usd_per_hour: z.number().min(0, 'must be 0 or more').max(1e9).default(5),
  /** What metered resources run above their usual rate would carry a budget over before its period ends. */
  budget_overrun: z.boolean().default(false),
};

/** A live-spend rule watches something: an amount, a multiple of usual, or a budget overrun. */
export const hasLiveSpendCondition = {
  check: (settings: {
    resource_usd_per_hour: number | null;
    service_usd_per_hour: number | null;
    usual_multiple: number | null;
    budget_overrun: boolean;
  }) =>
    settings.resource_usd_per_hour !== null ||
    settings.service_usd_per_hour !== null ||
    settings.usual_multiple !== null ||
    settings.budget_overrun,
  message: 'set at least one condition',
  path: ['resource_usd_per_hour'],
} as const;

/**
 * A live-spend rule (src/domain/live-spend-alerts.ts, docs/decisions/096): conditions on the usage the
 * meter reads minutes after it happens, in the resources its filter takes in.
 */
export const liveSpendSettings = z.object(liveSpendConditions).refine(hasLiveSpendCondition.check, {
  message: hasLiveSpendCondition.message,
  path: [...hasLiveSpendCondition.path],
});
export type LiveSpendSettings = z.infer<typeof liveSpendSettings>;

/**
 * A commitments rule (docs/decisions/105): a Savings Plan's or reservation's end at lead times, its
 * utilization below a threshold for days on end, and a Savings Plan still returnable.
 */
export const commitmentsSettings = z
  .object({
    /** Days before the end at which it is announced, once per lead; empty: no expiry alerts. */
    expiry_lead_days: z
      .array(z.number().int('must be whole days').min(0, 'must be 0 or more').max(1095))
      .max(8, 'at most 8 lead times')
      .default([60, 30, 7, 1]),
    /** Utilization (0-100) under which a commitment is under-used; null: not watched. */
    utilization_below_percent: z
      .number()
      .gt(0, 'must be above 0')
      .max(100, 'must be 100 or less')
      .nullable()
      .default(null),
    /** …on each of this many latest days of the bill. */
    utilization_days: z.number().int('must be whole days').min(1, 'must be 1 or more').max(90).default(7),
    /** A Savings Plan that can still be returned (bought in the last 7 days, same month, $100 an hour or less). */
    return_window: z.boolean().default(true),
    /** A purchase the AWS APIs listed queued, announced once in the week it starts (decision 130). */
    start_announcement: z.boolean().default(true),
  })
  .refine(
    (settings) =>
      settings.expiry_lead_days.length > 0 ||
      settings.utilization_below_percent !== null ||
      settings.return_window ||
      settings.start_announcement,
    { message: 'set at least one condition', path: ['expiry_lead_days'] },
  );
export type CommitmentsSettings = z.infer<typeof commitmentsSettings>;

const ruleName = z.string().trim().min(1, 'enter a name').max(80).optional();

export const createAlertRuleInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cost-threshold'),
    name: ruleName,
    settings: costThresholdSettings,
    filter: costFilter.default(emptyFilter),
  }),
  z.object({
    kind: z.literal('anomaly'),
    name: ruleName,
    settings: anomalySettings.default({ sensitivity: 'medium', min_impact_usd: 25, dimension: 'service' }),
    filter: costFilter.default(emptyFilter),
  }),
  z.object({
    kind: z.literal('idle-ec2'),
    name: ruleName,
    settings: idleEc2Settings,
    filter: costFilter.default(emptyFilter),
  }),
  z.object({
    kind: z.literal('launch'),
    name: ruleName,
    settings: launchSettings,
    /** Its account ids narrow the launches watched; services and tag do not apply to launches. */
    filter: costFilter.default(emptyFilter),
  }),
  z.object({
    kind: z.literal('live-spend'),
    name: ruleName,
    settings: liveSpendSettings,
    /** Accounts, services and a tag narrow the metered resources watched (a tag the meter does not know never matches). */
    filter: costFilter.default(emptyFilter),
  }),
  z.object({
    kind: z.literal('commitments'),
    name: ruleName,
    settings: commitmentsSettings.default({
      expiry_lead_days: [60, 30, 7, 1],
      utilization_below_percent: null,
      utilization_days: 7,
      return_window: true,
      start_announcement: true,
    }),
    /** Its account ids narrow the commitments watched to those the accounts own. */
    filter: costFilter.default(emptyFilter),
  }),
]);
export type CreateAlertRuleInput = z.input<typeof createAlertRuleInput>;

export const updateAlertRuleInput = z
  .object({
    name: z.string().trim().min(1, 'enter a name').max(80).optional(),
    paused: z.boolean().optional(),
    /** Checked against the rule's kind. */
    settings: z.record(z.string(), z.unknown()).optional(),
    filter: costFilter.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'change at least one field');

export const alertRuleView = z.object({
  id: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  filter: costFilter,
  paused: z.boolean(),
  created_at: z.string(),
  last_fired_at: z.string().nullable(),
});
export type AlertRuleView = z.infer<typeof alertRuleView>;
export const alertRuleList = z.object({ alert_rules: z.array(alertRuleView) });

export const NOTIFICATION_KINDS = [
  'budget',
  'cost-threshold',
  'anomaly',
  'idle-ec2',
  'launch',
  'live-spend',
  'commitments',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationView = z.object({
  id: z.string(),
  kind: z.enum([...NOTIFICATION_KINDS, 'test']),
  title: z.string(),
  summary: z.string(),
  fired_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  deliveries: z.array(
    z.object({
      channel: z.enum(['email', 'slack', 'webhook', 'teams']),
      recipient: z.string(),
      state: z.enum(['pending', 'sending', 'delivered', 'failed']),
      attempts: z.number().int(),
      delivered_at: z.string().nullable(),
      last_error: z.string().nullable(),
    }),
  ),
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationList = z.object({ notifications: z.array(notificationView) });
export const notificationQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** How often a digest comes: to a person, a webhook or Teams endpoint, or the Slack channel. */
export const DIGEST_CHOICES = ['off', 'daily', 'weekly'] as const;

export const notificationPreferences = z.object({
  email: z.boolean(),
  slack: z.boolean(),
  digest: z.enum(DIGEST_CHOICES),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** Extra addresses of the organization that receive alerts once they confirm (double opt-in). */
  extra_recipients: z.array(
    z.object({ email: z.string(), confirmed: z.boolean(), unsubscribed: z.boolean() }),
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const updateNotificationPreferences = z.object({
  email: z.boolean(),
  slack: z.boolean(),
  digest: z.enum(DIGEST_CHOICES),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** Owners and admins only; leaving it out keeps the list. */
  extra_recipients: z
    .array(
      z
        .email('must be an e-mail address')
        .max(MAX_EMAIL_LENGTH, `at most ${MAX_EMAIL_LENGTH} characters`)
        .toLowerCase(),
    )
    .max(50)
    .optional(),
});

/** Which digest to preview: the daily one unless asked. */
export const digestPreviewQuery = z.object({
  period: z.enum(['daily', 'weekly'], "must be 'daily' or 'weekly'").default('daily'),
});

/** A person's digest as it would be mailed now: its subject and its paragraphs, in order. */
export const digestPreview = z.object({
  period: z.enum(['daily', 'weekly']),
  subject: z.string(),
  lines: z.array(z.string()),
});
export type DigestPreview = z.infer<typeof digestPreview>;

export const slackConnectionView = z.object({
  connected: z.boolean(),
  mode: z.enum(['webhook', 'oauth']).nullable(),
  channel: z.string().nullable(),
  team_name: z.string().nullable(),
  alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** The organization's spend digest posted to the channel, or 'off'. */
  digest: z.enum(DIGEST_CHOICES),
  /** Where the webhook posts, with its secret part hidden. */
  webhook_hint: z.string().nullable(),
  oauth_available: z.boolean(),
});
export type SlackConnectionView = z.infer<typeof slackConnectionView>;

export const saveSlackConnectionInput = z.object({
  webhook_url: z.url('must be a webhook URL').optional(),
  channel: z.string().trim().max(80).optional(),
  alert_kinds: z.array(z.enum(NOTIFICATION_KINDS)).default([...NOTIFICATION_KINDS]),
  /** Left out: the digest stays as it is. */
  digest: z.enum(DIGEST_CHOICES).optional(),
});

export const slackTestResult = z.object({ message: z.string() });
export const oauthStart = z.object({ url: z.string() });

export const ALERT_LINK_KINDS = [
  'confirmation',
  'unsubscribe',
  'threshold-confirmation',
  'idle-ec2-confirmation',
  'budget-alert-confirmation',
] as const;
export type AlertLinkKind = (typeof ALERT_LINK_KINDS)[number];
export const alertLinkParams = z.object({ kind: z.enum(ALERT_LINK_KINDS), token: z.string().max(2000) });
export const alertLinkResult = z.object({ message: z.string() });
