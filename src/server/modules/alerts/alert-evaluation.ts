import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type IsoDay, isoDayOfInstant } from '../../../domain/calendar-days.ts';
import type { TeamCostScope } from '../../../domain/cost-scope.ts';
import { planAllows } from '../../../domain/plans.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { BudgetCommitmentEnds } from '../commitments/commitment-budget-ends.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import {
  firedDedupeKeys,
  insertNotificationOnce,
  type NewNotification,
  unacknowledgedBudgetAlerts,
} from './alert-outbox.repository.ts';
import { listBudgetRows, listRuleRows, organizationsToEvaluate } from './alert-rules.repository.ts';
import { budgetOfRow, ruleOfRow, type StoredBudget, type StoredRule } from './alert-rules.service.ts';
import {
  budgetSpendAsOf,
  evaluationDayOf,
  firstUsageDayOf,
  memoizedSpendReader,
  type SpendReader,
  type SpendSource,
  spendReader,
} from './alert-spend.ts';
import { reminderText } from './alert-wording.ts';
import { anomalyNotifications } from './anomaly-evaluation.ts';
import { budgetCommitmentEndsOf, memoizedCommitmentEnds } from './budget-commitment-ends.ts';
import { budgetNotifications } from './budget-evaluation.ts';
import { type CommitmentFactsSource, commitmentNotifications } from './commitment-evaluation.ts';
import { costThresholdNotifications } from './cost-threshold-evaluation.ts';
import type { EvaluationPass } from './evaluation-pass.ts';
import { eventLoopTurns } from './event-loop-turns.ts';
import { idleInstanceNotifications } from './idle-instance-evaluation.ts';
import { type BudgetWithSpend, launchNotifications } from './launch-evaluation.ts';
import { budgetBillProjectionOf } from './live-forecast.ts';
import {
  type LiveLedgerSource,
  type LiveLedgerView,
  type LiveSpendSource,
  readLiveLedger,
} from './live-ledger-source.ts';
import { liveSpendNotifications } from './live-spend-evaluation.ts';

/** An unacknowledged budget alert is repeated a day after it fired, and daily after that. */
const REMIND_AFTER_MS = 20 * 60 * 60 * 1000;

export interface EvaluationOutcome {
  asOf: IsoDay | null;
  fired: number;
  deliveries: number;
}

/**
 * Evaluates every budget and rule of an organization on its latest day of data (decision 018).
 * Each firing writes its notification row first, keyed (rule, period, threshold): a second
 * evaluation of the same data inserts nothing, so nothing is sent twice. The rules themselves are
 * in src/domain; each kind's reading of spend is in its own `*-evaluation.ts`.
 */
export function createAlertEvaluation(deps: {
  db: Kysely<DatabaseSchema>;
  /** Spend, through cost-data's cost-slice API. */
  spend: SpendSource;
  billing: BillingService;
  delivery: AlertDelivery;
  listIdleFindings: (organizationId: string) => Promise<IdleEc2Finding[]>;
  /** The live ledger of launch events; without it nothing is running. */
  liveLedger?: LiveLedgerSource;
  /** The usage meter's readings: live-spend rules and budgets' live forecasts read them (docs/decisions/096). */
  liveSpend?: LiveSpendSource;
  /** The organization's Savings Plans and reservations (commitments module): commitments rules read them (decision 105). */
  commitments?: CommitmentFactsSource;
  /** The commitments module's ends within a budget's period, for budgets' forecasts (decision 137). */
  commitmentEnds?: BudgetCommitmentEnds;
  /** A team's own scope, for launch rules that watch one team (without it such a rule watches nothing). */
  teamScope?: (organizationId: string, teamId: string) => Promise<TeamCostScope | null>;
  /** The injected clock (decision 078): the day judged and the live ledger's moment. */
  now: () => Date;
  /** Where a rule or an organization that could not be judged is reported; the others are judged all the same. */
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, spend, billing, delivery } = deps;
  const { now } = deps;
  const today = () => isoDayOfInstant(now());
  const noLiveLedger = (): LiveLedgerView => ({ atMs: now().getTime(), running: [] });

  /**
   * Budgets with their bill projection for the launch and live-spend rules' budget condition: the bill's
   * forecast with what commitments ending in the period add (decision 137); none without a day to judge.
   */
  function budgetsWithSpend(
    budgets: StoredBudget[],
    organizationId: string,
    asOf: IsoDay | null,
    read: SpendReader,
    /** The pass's memoized reads, when a pass judges budgets too: one read of each end for both. */
    commitmentEnds = memoizedCommitmentEnds(deps.commitmentEnds),
  ): () => Promise<BudgetWithSpend[]> {
    let loaded: Promise<BudgetWithSpend[]> | undefined;
    return () => {
      loaded ??= asOf
        ? Promise.all(
            budgets.map(async (budget) => {
              const days = { asOf, today: today(), now: now() };
              const spend = await budgetSpendAsOf(read, organizationId, budget, asOf, days.today);
              const ending = await budgetCommitmentEndsOf(commitmentEnds, organizationId, budget, {
                ...days,
                period: spend.period,
              });
              return { budget, spend, ...budgetBillProjectionOf(spend, ending) };
            }),
          )
        : Promise.resolve([]);
      return loaded;
    };
  }

  async function fire(notification: NewNotification): Promise<string[] | null> {
    const id = await insertNotificationOnce(db, notification);
    if (!id) return null;
    return delivery.dispatch(id);
  }

  /** What every budget and rule of the organization fires on the judged day (nothing sent yet). */
  async function notificationsOf(organizationId: string, asOf: IsoDay | null): Promise<NewNotification[]> {
    const { planInForce } = await billing.entitlements(organizationId);
    const budgets = (await listBudgetRows(db, organizationId))
      .map(budgetOfRow)
      .filter((budget) => !budget.paused);
    const rules = (await listRuleRows(db, organizationId)).map(ruleOfRow).filter((rule) => !rule.paused);
    const fired = await firedDedupeKeys(db, organizationId, '');
    const read = memoizedSpendReader(spendReader(spend));
    const live =
      budgets.length > 0 || rules.some((rule) => rule.kind === 'launch' || rule.kind === 'live-spend')
        ? await readLiveLedger(deps.liveLedger, organizationId, now(), deps.liveSpend)
        : noLiveLedger();
    // Idle-instance and launch alerts need no billing data; the spend rules need a day to judge.
    const pass: EvaluationPass | null = asOf
      ? {
          db,
          organizationId,
          asOf,
          today: today(),
          now: now(),
          spend,
          read,
          fired,
          live,
          commitmentEnds: memoizedCommitmentEnds(deps.commitmentEnds),
        }
      : null;
    const launchContext = {
      organizationId,
      live,
      fired,
      teamScope: async (teamId: string) => (await deps.teamScope?.(organizationId, teamId)) ?? null,
      budgets: budgetsWithSpend(budgets, organizationId, asOf, read, pass?.commitmentEnds),
    };
    const liveSpendContext = {
      organizationId,
      live,
      fired,
      budgets: launchContext.budgets,
      integrationNames: () => deps.liveSpend?.integrationNames(organizationId) ?? Promise.resolve(new Map()),
    };
    let commitmentFacts: ReturnType<CommitmentFactsSource> | undefined;
    const commitmentContext = {
      organizationId,
      fired,
      now: now(),
      commitments: () => {
        commitmentFacts ??= deps.commitments?.(organizationId, now()) ?? Promise.resolve([]);
        return commitmentFacts;
      },
    };
    const firstDay = pass ? ((await firstUsageDayOf(spend, organizationId)) ?? pass.asOf) : '';
    const notifications: NewNotification[] = [];
    const turn = eventLoopTurns();
    if (pass)
      for (const budget of budgets) {
        await turn();
        notifications.push(...(await budgetNotifications(pass, budget)));
      }
    let idleFindings: IdleEc2Finding[] | undefined;
    for (const rule of rules) {
      await turn();
      try {
        notifications.push(...(await ruleNotifications(rule)));
      } catch (error) {
        deps.log.error({ err: error, organizationId, ruleId: rule.id }, 'an alert rule could not be judged');
      }
    }
    return notifications;

    async function ruleNotifications(rule: StoredRule): Promise<NewNotification[]> {
      if (rule.kind === 'idle-ec2') {
        idleFindings ??= await deps.listIdleFindings(organizationId);
        return idleInstanceNotifications({ db, organizationId, fired, now: now() }, rule, idleFindings);
      }
      if (pass && rule.kind === 'cost-threshold') return costThresholdNotifications(pass, rule, firstDay);
      if (pass && rule.kind === 'anomaly' && planAllows(planInForce, 'anomaly-detection'))
        return anomalyNotifications(pass, rule);
      if (rule.kind === 'launch') return launchNotifications(launchContext, rule);
      if (rule.kind === 'live-spend') return liveSpendNotifications(liveSpendContext, rule);
      if (rule.kind === 'commitments') return commitmentNotifications(commitmentContext, rule);
      return [];
    }
  }

  /**
   * The launch rules only, on the live ledger now: what runs right after launch changes are stored, so
   * the alert is on its way within seconds (no spend reading unless a rule watches budgets).
   */
  async function launchNotificationsOf(organizationId: string): Promise<NewNotification[]> {
    const rules = (await listRuleRows(db, organizationId))
      .map(ruleOfRow)
      .filter((rule) => rule.kind === 'launch' && !rule.paused);
    if (rules.length === 0) return [];
    const live = await readLiveLedger(deps.liveLedger, organizationId, now());
    const fired = await firedDedupeKeys(db, organizationId, 'launch:');
    const watchesBudgets = rules.some((rule) => rule.settings.budget_overrun === true);
    const budgets = watchesBudgets
      ? (await listBudgetRows(db, organizationId)).map(budgetOfRow).filter((budget) => !budget.paused)
      : [];
    const asOf = watchesBudgets ? await evaluationDayOf(spend, organizationId, today()) : null;
    const context = {
      organizationId,
      live,
      fired,
      teamScope: async (teamId: string) => (await deps.teamScope?.(organizationId, teamId)) ?? null,
      budgets: budgetsWithSpend(budgets, organizationId, asOf, memoizedSpendReader(spendReader(spend))),
    };
    const notifications: NewNotification[] = [];
    for (const rule of rules) notifications.push(...(await launchNotifications(context, rule)));
    return notifications;
  }

  /**
   * The live-spend rules only, on the meter's readings now: what runs right after a meter read stored
   * periods, so the alert is on its way within the read (no spend reading unless a rule watches budgets).
   */
  async function liveSpendNotificationsOf(organizationId: string): Promise<NewNotification[]> {
    const rules = (await listRuleRows(db, organizationId))
      .map(ruleOfRow)
      .filter((rule) => rule.kind === 'live-spend' && !rule.paused);
    if (rules.length === 0 || !deps.liveSpend) return [];
    const live = await readLiveLedger(deps.liveLedger, organizationId, now(), deps.liveSpend);
    if ((live.metered ?? []).length === 0) return [];
    const fired = await firedDedupeKeys(db, organizationId, 'live-spend:');
    const watchesBudgets = rules.some((rule) => rule.settings.budget_overrun === true);
    const budgets = watchesBudgets
      ? (await listBudgetRows(db, organizationId)).map(budgetOfRow).filter((budget) => !budget.paused)
      : [];
    const asOf = watchesBudgets ? await evaluationDayOf(spend, organizationId, today()) : null;
    const liveSpend = deps.liveSpend;
    const context = {
      organizationId,
      live,
      fired,
      budgets: budgetsWithSpend(budgets, organizationId, asOf, memoizedSpendReader(spendReader(spend))),
      integrationNames: () => liveSpend.integrationNames(organizationId),
    };
    const notifications: NewNotification[] = [];
    for (const rule of rules) notifications.push(...(await liveSpendNotifications(context, rule)));
    return notifications;
  }

  async function fireAll(notifications: NewNotification[]): Promise<{ fired: number; deliveries: number }> {
    let fired = 0;
    let deliveries = 0;
    for (const notification of notifications) {
      const dispatched = await fire(notification);
      if (dispatched === null) continue;
      fired += 1;
      deliveries += dispatched.length;
    }
    return { fired, deliveries };
  }

  async function evaluateLaunches(organizationId: string): Promise<EvaluationOutcome> {
    return { asOf: null, ...(await fireAll(await launchNotificationsOf(organizationId))) };
  }

  async function evaluateLiveSpend(organizationId: string): Promise<EvaluationOutcome> {
    return { asOf: null, ...(await fireAll(await liveSpendNotificationsOf(organizationId))) };
  }

  async function evaluateOrganization(organizationId: string): Promise<EvaluationOutcome> {
    const asOf = await evaluationDayOf(spend, organizationId, today());
    let fired = 0;
    let deliveries = 0;
    const turn = eventLoopTurns();
    for (const notification of await notificationsOf(organizationId, asOf)) {
      // On PGlite each write resolves at once (a microtask): without a turn, a thousand writes hold the thread.
      await turn();
      const dispatched = await fire(notification);
      if (dispatched === null) continue;
      fired += 1;
      deliveries += dispatched.length;
    }
    return { asOf, fired, deliveries };
  }

  /**
   * Budget alerts nobody acknowledged are repeated once a day while their period lasts (the period ends
   * on the organization's latest day of data or later); acknowledging the alert or any reminder stops them.
   */
  async function remindUnacknowledged(at = now()): Promise<number> {
    const day = isoDayOfInstant(at);
    let reminded = 0;
    for (const alert of await unacknowledgedBudgetAlerts(db, new Date(at.getTime() - REMIND_AFTER_MS))) {
      const details = alert.details as { period?: { end?: string } };
      const asOf = await evaluationDayOf(spend, alert.organization_id, day);
      if (!details.period?.end || !asOf || details.period.end < asOf) continue;
      const dispatched = await fire({
        organizationId: alert.organization_id,
        dedupeKey: `${alert.dedupe_key}:reminder:${day}`,
        sourceKind: alert.source_kind,
        sourceId: alert.source_id,
        ...reminderText(alert),
        details: { ...(alert.details as object), reminderOf: alert.id },
        accountIds: alert.account_ids as string[],
      });
      if (dispatched) reminded += 1;
    }
    return reminded;
  }

  return {
    evaluateOrganization,
    evaluateLaunches,
    evaluateLiveSpend,
    remindUnacknowledged,
    async evaluateAll(): Promise<number> {
      let fired = 0;
      // One organization that cannot be judged never keeps the others from being judged.
      for (const organizationId of await organizationsToEvaluate(db)) {
        try {
          fired += (await evaluateOrganization(organizationId)).fired;
        } catch (error) {
          deps.log.error({ err: error, organizationId }, 'alert evaluation of an organization failed');
        }
      }
      return fired;
    },
  };
}

export type AlertEvaluation = ReturnType<typeof createAlertEvaluation>;
