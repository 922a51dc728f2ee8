/**
 * One canonical form for both sides of a plan: the organization as it is, and the document as
 * written. Keys in a fixed order, lists that are sets sorted, sections sorted by name, settings re-read
 * through their schema (the database hands JSON back with its keys in its own order). An export is this
 * form, so exporting twice gives the same bytes and an edited export plans only the edits.
 */
import type { z } from 'zod';
import {
  type AlertRuleKind,
  anomalySettings,
  commitmentsSettings,
  costFilter,
  costThresholdSettings,
  idleEc2Settings,
  liveSpendSettings,
  NOTIFICATION_KINDS,
} from '../../../contracts/alerts.ts';
import {
  CONFIG_DOCUMENT_VERSION,
  type ConfigAlertRule,
  type ConfigBudget,
  type ConfigDocument,
  type ConfigNotifications,
  type ConfigTeam,
  configLaunchSettings,
} from '../../../contracts/config.ts';
import { compareText } from '../../../domain/config-plan.ts';
import { normalizeTeamCostScope } from '../../../domain/cost-scope.ts';

const SETTINGS_OF_KIND: Record<AlertRuleKind, z.ZodType> = {
  'cost-threshold': costThresholdSettings,
  anomaly: anomalySettings,
  'idle-ec2': idleEc2Settings,
  launch: configLaunchSettings,
  'live-spend': liveSpendSettings,
  commitments: commitmentsSettings,
};

const byKey =
  <T>(keyOf: (item: T) => string) =>
  (a: T, b: T) =>
    compareText(keyOf(a), keyOf(b));

const sortedSet = (values: readonly string[]) => [...new Set(values)].sort(compareText);

/** Read through the schema for its key order; stored settings the schema refuses are shown as they are. */
function settingsInOrder(kind: AlertRuleKind, settings: unknown): Record<string, unknown> {
  const parsed = SETTINGS_OF_KIND[kind].safeParse(settings);
  return (parsed.success ? parsed.data : settings) as Record<string, unknown>;
}

type CostFilter = z.output<typeof costFilter>;

/** A filter in canonical form; `providers` is written only when it narrows, so AWS-only files stay as they were. */
function canonicalFilter(filter: unknown): CostFilter {
  const { providers, ...rest } = costFilter.parse(filter);
  return (providers.length > 0 ? { ...rest, providers: sortedSet(providers) } : rest) as CostFilter;
}

export function canonicalTeam(team: ConfigTeam): ConfigTeam {
  const scope = normalizeTeamCostScope({ accountIds: team.scope.account_ids, tags: team.scope.tags });
  return {
    slug: team.slug,
    name: team.name,
    members: sortedSet(team.members),
    scope: { account_ids: scope.accountIds, tags: scope.tags },
  };
}

export function canonicalBudget(budget: ConfigBudget): ConfigBudget {
  return {
    name: budget.name,
    amount_usd: budget.amount_usd,
    period: budget.period,
    cost_basis: budget.cost_basis,
    filter: canonicalFilter(budget.filter),
    thresholds: budget.thresholds.map(({ percent, basis }) => ({ percent, basis })),
    paused: budget.paused,
  };
}

export function canonicalRule(rule: ConfigAlertRule): ConfigAlertRule {
  return {
    name: rule.name,
    kind: rule.kind,
    settings: settingsInOrder(rule.kind, rule.settings),
    filter: canonicalFilter(rule.filter),
    paused: rule.paused,
  } as ConfigAlertRule;
}

export function canonicalNotifications(notifications: ConfigNotifications): ConfigNotifications {
  const { slack } = notifications;
  return {
    recipients: sortedSet(notifications.recipients),
    ...(slack && {
      slack: {
        channel: slack.channel,
        alert_kinds: NOTIFICATION_KINDS.filter((kind) => slack.alert_kinds.includes(kind)),
        digest: slack.digest,
      },
    }),
  };
}

/** The document in canonical form; a section left out stays left out. */
export function canonicalDocument(document: ConfigDocument): ConfigDocument {
  return {
    version: CONFIG_DOCUMENT_VERSION,
    ...(document.teams && { teams: document.teams.map(canonicalTeam).sort(byKey((team) => team.slug)) }),
    ...(document.budgets && {
      budgets: document.budgets.map(canonicalBudget).sort(byKey((budget) => budget.name)),
    }),
    ...(document.alert_rules && {
      alert_rules: document.alert_rules.map(canonicalRule).sort(byKey((rule) => rule.name)),
    }),
    ...(document.notifications && { notifications: canonicalNotifications(document.notifications) }),
  };
}
