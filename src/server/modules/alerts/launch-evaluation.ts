import { launchSettings } from '../../../contracts/alerts.ts';
import { commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import type { CommitmentEndInForecast } from '../../../domain/commitment-forecast.ts';
import { type TeamCostScope, watchesWithinScope } from '../../../domain/cost-scope.ts';
import {
  type BudgetUnderWatch,
  evaluateLaunchRule,
  type LaunchConditions,
  launchScopeOf,
} from '../../../domain/launch-alerts.ts';
import { projectMonthEnd } from '../../../domain/live-run-rate.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { StoredBudget, StoredRule } from './alert-rules.service.ts';
import type { BudgetSpendFacts } from './alert-spend.ts';
import { launchAlertText } from './alert-wording.ts';
import { budgetRowFilter, periodBoundsMs } from './live-forecast.ts';
import type { LiveLedgerView } from './live-ledger-source.ts';

/**
 * A budget with its spend for the period and its projection from the bill: the bill's forecast with what
 * commitments ending in the period add (decision 137), as the budget-overrun conditions judge it.
 */
export interface BudgetWithSpend {
  budget: StoredBudget;
  spend: BudgetSpendFacts;
  billProjection: number;
  /** The commitment ends `billProjection` counts. */
  commitmentEnds: readonly CommitmentEndInForecast[];
}

/** What a launch rule is judged on: the live ledger now, the budgets, the keys fired, a team's scope. */
export interface LaunchEvaluationContext {
  organizationId: string;
  live: LiveLedgerView;
  fired: ReadonlySet<string>;
  teamScope: (teamId: string) => Promise<TeamCostScope | null>;
  /** The organization's budgets with their bill projection; none without billing data. */
  budgets: () => Promise<BudgetWithSpend[]>;
}

function conditionsOf(settings: ReturnType<typeof launchSettings.parse>): LaunchConditions {
  return {
    rise:
      settings.window_rise_usd_per_hour === null
        ? undefined
        : { windowHours: settings.window_hours, usdPerHour: settings.window_rise_usd_per_hour },
    single:
      settings.single_launch_usd_per_hour === null
        ? undefined
        : { usdPerHour: settings.single_launch_usd_per_hour },
    budgets: settings.budget_overrun,
  };
}

function underWatch({ budget, spend, billProjection, commitmentEnds }: BudgetWithSpend): BudgetUnderWatch {
  return {
    id: budget.id,
    name: budget.name,
    amount: budget.amount,
    billProjection,
    commitmentEnds,
    periodKey: spend.period.key,
    ...periodBoundsMs(spend.period),
    watches: budgetRowFilter(budget.filter),
  };
}

/**
 * A launch rule on the live ledger now (src/domain/launch-alerts.ts): one notification per launch event
 * that fires it, keyed (rule, launch event), so redeliveries and later passes add nothing. A rule whose
 * team is gone watches no account.
 */
export async function launchNotifications(
  context: LaunchEvaluationContext,
  rule: StoredRule,
): Promise<NewNotification[]> {
  if (context.live.running.length === 0) return [];
  const settings = launchSettings.parse(rule.settings);
  const team = settings.team_id === null ? null : await context.teamScope(settings.team_id);
  if (settings.team_id !== null && team === null) return [];
  const scope = launchScopeOf(rule.filter.account_ids, team);
  const conditions = conditionsOf(settings);
  const budgets = conditions.budgets
    ? (await context.budgets())
        .filter(
          ({ budget }) =>
            team === null ||
            watchesWithinScope({ accountIds: budget.filter.account_ids, tag: budget.filter.tag }, team),
        )
        .map(underWatch)
    : [];
  const firings = evaluateLaunchRule({
    ruleId: rule.id,
    conditions,
    scope,
    running: context.live.running,
    budgets,
    atMs: context.live.atMs,
    alreadyFired: context.fired,
  });
  return firings.map((firing) => {
    const named = (firing.rise ? firing.rise.launches : [firing.launch]).flatMap((launch) => launch.rows);
    const month = projectMonthEnd(named, { atMs: context.live.atMs });
    return {
      organizationId: context.organizationId,
      dedupeKey: firing.dedupeKey,
      sourceKind: 'launch',
      sourceId: rule.id,
      ...launchAlertText(rule, firing, month),
      details: {
        tag: null,
        launchEventId: firing.launch.launchEventId,
        // The rule's automatic policy when it fired: the stop the alert proposes follows it (decision 121).
        autoStop: settings.auto_stop ? { ...settings.auto_stop, ruleName: rule.name } : null,
        conditions: {
          single: firing.single ?? null,
          rise: firing.rise
            ? {
                windowHours: firing.rise.windowHours,
                limit: firing.rise.limit,
                usdPerHour: firing.rise.usdPerHour,
              }
            : null,
          budgets: firing.budgets.map(({ commitmentEnds, ...crossing }) => ({
            ...crossing,
            commitmentEnds: commitmentEndViews(commitmentEnds),
          })),
        },
        resources: named.map((row) => ({
          id: row.resource.id,
          kind: row.resource.kind,
          type: row.resource.type ?? null,
          count: row.count,
          usdPerHour: row.addedUsdPerHour,
          priceUnknown: row.addedUsdPerHour === null ? (row.unknownReason ?? 'price unknown') : null,
          launchedBy: row.launchedBy ?? null,
          startedAt: row.startedAt,
          region: row.region,
          accountId: row.accountId,
          integrationId: row.integrationId,
        })),
        monthEnd: {
          projectedUsd: month.projectedUsd,
          accruedUsd: month.accruedUsd,
          remainingUsd: month.remainingUsd,
        },
        scopeRunRateUsdPerHour: firing.scopeRunRateUsdPerHour,
      },
      accountIds: [...new Set(named.map((row) => row.accountId))].sort(),
    };
  });
}
