/**
 * The alerts module's side of budgets as code (decision 057): the organization's budgets, rules
 * and notification routes read and written inside the caller's transaction, with the same rules as the
 * one-at-a-time API (plan features and limits, threshold ids, double opt-in for added addresses).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  type AlertRuleKind,
  type CostFilter,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../contracts/alerts.ts';
import { kindsTurnedOff, kindsTurnedOn } from '../../../domain/alert-kind-choices.ts';
import type { BudgetPeriodKind, BudgetThreshold } from '../../../domain/budgets.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { CostBasis } from '../cost-data/cost-slices.service.ts';
import { listRecipients } from './alert-recipients.repository.ts';
import { changeRecipients } from './alert-recipients-change.ts';
import {
  deleteOwnedRow,
  insertBudget,
  insertRule,
  listBudgetRows,
  listRuleRows,
  updateBudget,
  updateRule,
} from './alert-rules.repository.ts';
import {
  budgetOfRow,
  FEATURE_BY_KIND,
  requireAlertManager,
  ruleOfRow,
  type StoredBudget,
  type StoredRule,
  thresholdsWithIds,
} from './alert-rules.service.ts';
import { findSlackConnection, saveSlackConnection, slackDigestOf } from './slack.repository.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export interface SlackRoute {
  channel: string | null;
  alertKinds: NotificationKind[];
  digest: 'off' | 'daily' | 'weekly';
}

/** What an organization asked to be warned about, and where the warnings go. */
export interface AlertSettings {
  budgets: StoredBudget[];
  rules: StoredRule[];
  /** The added addresses (members receive alerts by their own preferences). */
  recipients: string[];
  /** Null: Slack is not connected. */
  slack: SlackRoute | null;
}

export interface BudgetSetting {
  name: string;
  amount: number;
  period: BudgetPeriodKind;
  costBasis: CostBasis;
  filter: CostFilter;
  thresholds: Array<Pick<BudgetThreshold, 'percent' | 'basis'>>;
  paused: boolean;
}

export interface RuleSetting {
  kind: AlertRuleKind;
  name: string;
  /** As the rules API stores them (a launch rule's team by id). */
  settings: Record<string, unknown>;
  filter: CostFilter;
  paused: boolean;
}

interface Writes<T> {
  create: T[];
  update: Array<T & { id: string }>;
  delete: string[];
}

export interface AlertSettingsWrites {
  budgets: Writes<BudgetSetting>;
  rules: Writes<RuleSetting>;
  /** The complete list of added addresses; left out: unchanged. */
  recipients?: string[];
  /** Left out: unchanged. Only for a connected Slack. */
  slack?: SlackRoute;
}

export interface AppliedAlertSettings {
  organizationId: string;
  budgetsOrRulesChanged: boolean;
  addedRecipients: Array<{ id: string; email: string }>;
}

/** Thresholds that keep their basis and percent keep their id, so a fired threshold is not fired again. */
function thresholdsKeepingIds(wanted: BudgetSetting['thresholds'], current: BudgetThreshold[] = []) {
  return thresholdsWithIds(
    wanted.map((threshold) => ({
      ...threshold,
      id: current.find((old) => old.basis === threshold.basis && old.percent === threshold.percent)?.id,
    })),
  );
}

const budgetValues = (budget: BudgetSetting, current?: StoredBudget) => ({
  name: budget.name,
  amount_usd: budget.amount,
  period: budget.period,
  cost_basis: budget.costBasis,
  filter: budget.filter,
  thresholds: thresholdsKeepingIds(budget.thresholds, current?.thresholds),
  paused: budget.paused,
});

/** The one count a plan limit is checked against: after the writes, at most the plan's number. */
const countAfter = (current: number, writes: Writes<unknown>) =>
  current - writes.delete.length + writes.create.length;

export function createAlertSettingsConfig(deps: {
  billing: BillingService;
  /** Evaluation on the data already there, as after a change through the API. */
  afterChange: (organizationId: string) => void;
  askToConfirm: (viewer: Viewer, recipient: { id: string; email: string }) => Promise<void>;
  now: () => Date;
}) {
  const { billing } = deps;

  async function read(db: Db, organizationId: string): Promise<AlertSettings> {
    const [budgets, rules, recipients, slack] = await Promise.all([
      listBudgetRows(db, organizationId),
      listRuleRows(db, organizationId),
      listRecipients(db, organizationId),
      findSlackConnection(db, organizationId),
    ]);
    return {
      budgets: budgets.map(budgetOfRow),
      rules: rules.map(ruleOfRow),
      recipients: recipients.map((recipient) => recipient.email),
      slack: slack
        ? {
            channel: slack.channel,
            alertKinds: kindsTurnedOn(NOTIFICATION_KINDS, slack.muted_kinds),
            digest: slackDigestOf(slack),
          }
        : null,
    };
  }

  return {
    read,

    /** The role, plan features and limits the API checks, for everything these writes create or route. */
    async assertAllowed(viewer: Viewer, current: AlertSettings, writes: AlertSettingsWrites): Promise<void> {
      requireAlertManager(viewer);
      if (writes.budgets.create.length > 0) {
        await billing.assertFeature(viewer, 'email-alerts');
        await billing.assertWithinLimit(
          viewer,
          'budgets',
          countAfter(current.budgets.length, writes.budgets) - 1,
        );
      }
      // A rule changed to another kind needs that kind's feature, as a new rule of it does.
      const newKinds = [
        ...writes.rules.create,
        ...writes.rules.update.filter(
          (rule) => current.rules.find((stored) => stored.id === rule.id)?.kind !== rule.kind,
        ),
      ].map((rule) => rule.kind);
      for (const kind of new Set(newKinds)) await billing.assertFeature(viewer, FEATURE_BY_KIND[kind]);
      if (writes.rules.create.length > 0) {
        await billing.assertWithinLimit(
          viewer,
          'alertRules',
          countAfter(current.rules.length, writes.rules) - 1,
        );
      }
      if (writes.slack) await billing.assertFeature(viewer, 'slack-alerts');
    },

    /** Writes in the caller's transaction; mails and evaluation wait for `afterCommit`. */
    async write(trx: Transaction<DatabaseSchema>, viewer: Viewer, writes: AlertSettingsWrites) {
      const organizationId = viewer.organizationId;
      const current = await read(trx, organizationId);
      for (const id of writes.budgets.delete) await deleteOwnedRow(trx, 'budgets', organizationId, id);
      for (const budget of writes.budgets.update) {
        const before = current.budgets.find((stored) => stored.id === budget.id);
        await updateBudget(trx, organizationId, budget.id, budgetValues(budget, before));
      }
      for (const budget of writes.budgets.create) {
        await insertBudget(trx, organizationId, viewer.userId, budgetValues(budget));
      }
      for (const id of writes.rules.delete) await deleteOwnedRow(trx, 'alert_rules', organizationId, id);
      for (const rule of writes.rules.update) await updateRule(trx, organizationId, rule.id, rule);
      for (const rule of writes.rules.create) await insertRule(trx, organizationId, viewer.userId, rule);
      const addedRecipients: AppliedAlertSettings['addedRecipients'] = writes.recipients
        ? await changeRecipients(trx, {
            organizationId,
            emails: writes.recipients,
            addedBy: viewer.userId,
            now: deps.now(),
          })
        : [];
      if (writes.slack) await routeSlack(trx, organizationId, writes.slack);
      const budgetsOrRulesChanged = [writes.budgets, writes.rules].some(
        (section) => section.create.length + section.update.length + section.delete.length > 0,
      );
      return { organizationId, budgetsOrRulesChanged, addedRecipients } satisfies AppliedAlertSettings;
    },

    async afterCommit(viewer: Viewer, applied: AppliedAlertSettings): Promise<void> {
      if (applied.budgetsOrRulesChanged) deps.afterChange(applied.organizationId);
      for (const recipient of applied.addedRecipients) await deps.askToConfirm(viewer, recipient);
    },
  };
}

/** The channel label and alert kinds of the existing connection; its webhook or token stay as they are. */
async function routeSlack(trx: Db, organizationId: string, route: SlackRoute): Promise<void> {
  const connection = await findSlackConnection(trx, organizationId);
  if (!connection) return;
  await saveSlackConnection(trx, organizationId, {
    mode: connection.mode,
    webhook_url_sealed: connection.webhook_url_sealed,
    bot_token_sealed: connection.bot_token_sealed,
    channel: route.channel,
    team_name: connection.team_name,
    team_id: connection.team_id,
    mutedKinds: kindsTurnedOff(NOTIFICATION_KINDS, route.alertKinds),
    digest: route.digest,
  });
}

export type AlertSettingsConfig = ReturnType<typeof createAlertSettingsConfig>;
