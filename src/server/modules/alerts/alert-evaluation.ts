import type { Kysely } from 'kysely';
import { anomalySettings, type CostFilter, costThresholdSettings } from '../../../contracts/alerts.ts';
import { anomalyDedupeKey, dailyBaseline, detectDailyAnomaly } from '../../../domain/anomalies.ts';
import {
  type DimensionContribution,
  type RootCause,
  type RootCauseDimension,
  rankRootCauses,
} from '../../../domain/anomaly-root-causes.ts';
import { evaluateBudgetThresholds } from '../../../domain/budgets.ts';
import { addDays, eachDay, type IsoDay } from '../../../domain/calendar-days.ts';
import {
  type CostThresholdRule,
  evaluateCostThreshold,
  TRAILING_AVERAGE_DAYS,
} from '../../../domain/cost-thresholds.ts';
import { idleInstanceDedupeKey } from '../../../domain/idle-instances.ts';
import { planAllows } from '../../../domain/plans.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import { budgetOfRow, ruleOfRow, type StoredBudget, type StoredRule } from './alert-rules.service.ts';
import { budgetSpendAsOf, evaluationDayOf, memoizedSpendReader, type SpendReader } from './alert-spend.ts';
import {
  dimensionSpend,
  firedDedupeKeys,
  insertNotificationOnce,
  listBudgetRows,
  listRuleRows,
  mutedInstances,
  type NewNotification,
  organizationsToEvaluate,
  unacknowledgedBudgetAlerts,
} from './alerts.repository.ts';

const ANOMALY_HISTORY_DAYS = 90;
/** An unacknowledged budget alert is repeated a day after it fired, and daily after that. */
const REMIND_AFTER_MS = 20 * 60 * 60 * 1000;
const ROOT_CAUSE_WINDOW_DAYS = 28;
const ROOT_CAUSE_LABELS: Record<RootCauseDimension, string> = {
  service: 'service',
  account: 'account',
  region: 'region',
  'usage-type': 'usage type',
};
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function describeFilter(filter: CostFilter): string {
  const parts = [
    filter.account_ids.length > 0 ? `accounts ${filter.account_ids.join(', ')}` : '',
    filter.services.length > 0 ? filter.services.join(', ') : '',
    filter.tag ? `tag ${filter.tag.key}=${filter.tag.value}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** What one evaluation pass shares: spend read once per window, and every dedupe key already fired. */
interface Pass {
  read: SpendReader;
  fired: ReadonlySet<string>;
}

export interface EvaluationOutcome {
  asOf: IsoDay | null;
  fired: number;
  deliveries: number;
}

/**
 * Evaluates every budget and rule of an organization on its latest day of data (decision 018).
 * Each firing writes its notification row first, keyed (rule, period, threshold): a second
 * evaluation of the same data inserts nothing, so nothing is sent twice.
 */
export function createAlertEvaluation(deps: {
  db: Kysely<DatabaseSchema>;
  billing: BillingService;
  delivery: AlertDelivery;
  listIdleFindings: (organizationId: string) => Promise<IdleEc2Finding[]>;
}) {
  const { db, billing, delivery } = deps;

  async function fire(notification: NewNotification): Promise<string[] | null> {
    const id = await insertNotificationOnce(db, notification);
    if (!id) return null;
    return delivery.dispatch(id);
  }

  function watching(filter: CostFilter) {
    return { accountIds: filter.account_ids, details: { tag: filter.tag } };
  }

  async function evaluateBudget(organizationId: string, budget: StoredBudget, asOf: IsoDay, pass: Pass) {
    const spend = await budgetSpendAsOf(db, organizationId, budget, asOf, pass.read);
    const alreadyFired = pass.fired;
    const fired = evaluateBudgetThresholds({
      budget,
      today: asOf,
      actualSpend: spend.actual,
      forecastSpend: spend.forecast,
      alreadyFired,
    });
    const notifications: NewNotification[] = fired.map((firing) => {
      const basis = firing.threshold.basis === 'actual' ? 'spent' : 'is forecast to spend';
      return {
        organizationId,
        dedupeKey: firing.dedupeKey,
        sourceKind: 'budget',
        sourceId: budget.id,
        title:
          firing.threshold.basis === 'actual'
            ? `${budget.name} budget reached ${firing.threshold.percent}% (${usd(firing.spend)} of ${usd(budget.amount)})`
            : `${budget.name} budget is forecast to reach ${firing.threshold.percent}% (${usd(firing.spend)} of ${usd(budget.amount)})`,
        summary:
          `${budget.name}${describeFilter(budget.filter)} ${basis} ${usd(firing.spend)} of its ${usd(budget.amount)} ` +
          `${budget.period} budget for ${firing.period.key} (threshold ${firing.threshold.percent}% = ${usd(firing.thresholdAmount)}), as of ${asOf}.`,
        details: {
          ...watching(budget.filter).details,
          period: firing.period,
          threshold: firing.threshold,
          spend: firing.spend,
          amount: budget.amount,
          asOf,
        },
        accountIds: budget.filter.account_ids,
      };
    });
    return notifications;
  }

  async function evaluateCostThresholdRule(
    organizationId: string,
    rule: StoredRule,
    asOf: IsoDay,
    firstDay: IsoDay,
    pass: Pass,
  ) {
    const settings = costThresholdSettings.parse(rule.settings);
    const from = addDays(asOf, -TRAILING_AVERAGE_DAYS);
    const rows = await pass.read(db, organizationId, rule.filter, 'unblended', from, asOf);
    const dailyCosts = new Map<IsoDay, number>();
    for (const day of eachDay(from, asOf)) if (day >= firstDay) dailyCosts.set(day, 0);
    for (const row of rows) dailyCosts.set(row.day, row.cost);
    const domainRule: CostThresholdRule =
      settings.mode === 'daily-amount'
        ? { id: rule.id, kind: 'daily-amount', amountUsd: settings.amount_usd }
        : { id: rule.id, kind: 'above-trailing-average', percent: settings.percent };
    const verdict = evaluateCostThreshold({
      rule: domainRule,
      day: asOf,
      dailyCosts,
      alreadyFired: pass.fired,
    });
    if (verdict.verdict !== 'fires') return [];
    return [
      {
        organizationId,
        dedupeKey: verdict.dedupeKey,
        sourceKind: 'cost-threshold',
        sourceId: rule.id,
        title: `Daily spend ${usd(verdict.cost)} on ${asOf} crossed ${rule.name}`,
        summary: `Spend${describeFilter(rule.filter)} on ${asOf} was ${usd(verdict.cost)}, above the limit of ${usd(verdict.limit)}.`,
        details: { ...watching(rule.filter).details, day: asOf, cost: verdict.cost, limit: verdict.limit },
        accountIds: rule.filter.account_ids,
      },
    ] satisfies NewNotification[];
  }

  /** Why the series jumped: each service, account, region and usage type against its own baseline. */
  async function rootCausesOf(
    organizationId: string,
    rule: StoredRule,
    dimension: 'service' | 'account',
    series: string,
    day: IsoDay,
  ): Promise<RootCause[]> {
    const rows = await dimensionSpend(
      db,
      organizationId,
      { column: dimension === 'account' ? 'usage_account_id' : 'service_name', value: series },
      rule.filter,
      addDays(day, -ROOT_CAUSE_WINDOW_DAYS),
      day,
    );
    const byValue = new Map<
      string,
      { dimension: RootCauseDimension; value: string; history: Array<{ date: IsoDay; amount: number }> }
    >();
    for (const row of rows) {
      const values: Array<[RootCauseDimension, string]> = [
        ['service', row.service],
        ['account', row.account],
        ['region', row.region],
        ['usage-type', row.usageType],
      ];
      for (const [name, value] of values) {
        if (!value) continue;
        const key = `${name}\u0000${value}`;
        const entry = byValue.get(key) ?? { dimension: name, value, history: [] };
        entry.history.push({ date: row.day, amount: row.cost });
        byValue.set(key, entry);
      }
    }
    const contributions: DimensionContribution[] = [...byValue.values()].map((entry) => {
      const current = entry.history
        .filter((point) => point.date === day)
        .reduce((sum, point) => sum + point.amount, 0);
      const before = entry.history.filter((point) => point.date < day);
      const baseline = dailyBaseline(before, day)?.expected ?? 0;
      return { dimension: entry.dimension, value: entry.value, current, baseline };
    });
    return rankRootCauses(contributions);
  }

  async function evaluateAnomalyRule(organizationId: string, rule: StoredRule, asOf: IsoDay, pass: Pass) {
    const settings = anomalySettings.parse(rule.settings);
    const rows = await pass.read(
      db,
      organizationId,
      rule.filter,
      'unblended',
      addDays(asOf, -ANOMALY_HISTORY_DAYS),
      asOf,
      settings.dimension,
    );
    const bySeries = new Map<string, Array<{ date: IsoDay; amount: number }>>();
    for (const row of rows) {
      const series = bySeries.get(row.series) ?? [];
      series.push({ date: row.day, amount: row.cost });
      bySeries.set(row.series, series);
    }
    const alreadyFired = pass.fired;
    const notifications: NewNotification[] = [];
    for (const [series, history] of bySeries) {
      const cost = history.find((entry) => entry.date === asOf)?.amount ?? 0;
      const verdict = detectDailyAnomaly({
        history,
        day: asOf,
        cost,
        sensitivity: settings.sensitivity,
        minImpactUsd: settings.min_impact_usd,
      });
      if (verdict.verdict !== 'anomaly') continue;
      const dedupeKey = anomalyDedupeKey(rule.id, series, asOf);
      if (alreadyFired.has(dedupeKey)) continue;
      const accountIds = settings.dimension === 'account' ? [series] : rule.filter.account_ids;
      const rootCauses = await rootCausesOf(organizationId, rule, settings.dimension, series, asOf).catch(
        () => [],
      );
      const causes = rootCauses
        .filter((cause) => cause.dimension !== (settings.dimension === 'account' ? 'account' : 'service'))
        .slice(0, 3)
        .map((cause) => `${ROOT_CAUSE_LABELS[cause.dimension]} ${cause.value} (+${usd(cause.impact)})`);
      notifications.push({
        organizationId,
        dedupeKey,
        sourceKind: 'anomaly',
        sourceId: rule.id,
        title: `Cost anomaly: ${series} cost ${usd(verdict.cost)} on ${asOf}`,
        summary:
          `${series} cost ${usd(verdict.cost)} on ${asOf}; ${usd(verdict.expected)} was expected ` +
          `(upper bound ${usd(verdict.upperBound)}), ${usd(verdict.impact)} more than usual.` +
          (causes.length > 0 ? ` Largest increases: ${causes.join(', ')}.` : ''),
        details: { ...watching(rule.filter).details, series, day: asOf, ...verdict, rootCauses },
        accountIds,
      });
    }
    return notifications;
  }

  async function evaluateIdleRule(
    organizationId: string,
    rule: StoredRule,
    findings: IdleEc2Finding[],
    pass: Pass,
  ) {
    const muted = await mutedInstances(db, organizationId);
    const alreadyFired = pass.fired;
    return findings
      .filter((finding) => !muted.has(finding.instanceId))
      .filter(
        (finding) =>
          rule.filter.account_ids.length === 0 || rule.filter.account_ids.includes(finding.accountId),
      )
      .map((finding) => ({
        finding,
        dedupeKey: idleInstanceDedupeKey(rule.id, finding.instanceId, finding.windowEnd),
      }))
      .filter(({ dedupeKey }) => !alreadyFired.has(dedupeKey))
      .map(
        ({ finding, dedupeKey }): NewNotification => ({
          organizationId,
          dedupeKey,
          sourceKind: 'idle-ec2',
          sourceId: rule.id,
          title: `Idle EC2 instance ${finding.name ?? finding.instanceId} (${finding.instanceType})`,
          summary:
            `${finding.instanceId} in ${finding.region} (account ${finding.accountId}) was idle ${finding.lowUseDays} of the last 14 days` +
            `${finding.monthlyWasteUsd === null ? '' : `; it costs ${usd(finding.monthlyWasteUsd)} a month`}. ${finding.why}`,
          details: { tag: null, instanceId: finding.instanceId, findingId: finding.findingId },
          accountIds: [finding.accountId],
        }),
      );
  }

  async function evaluateOrganization(organizationId: string): Promise<EvaluationOutcome> {
    // Idle-instance alerts need no billing data; the spend rules need a day to judge.
    const asOf = await evaluationDayOf(db, organizationId);
    const { planInForce } = await billing.entitlements(organizationId);
    const budgets = (await listBudgetRows(db, organizationId))
      .map(budgetOfRow)
      .filter((budget) => !budget.paused);
    const rules = (await listRuleRows(db, organizationId)).map(ruleOfRow).filter((rule) => !rule.paused);
    const firstDayRow = await db
      .selectFrom('cost_daily_rollups')
      .select((eb) => eb.fn.min('usage_date').as('first'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    const firstDay = (firstDayRow?.first as string | undefined) ?? asOf ?? '';
    const notifications: NewNotification[] = [];
    const pass: Pass = { read: memoizedSpendReader(), fired: await firedDedupeKeys(db, organizationId, '') };
    if (asOf) {
      for (const budget of budgets)
        notifications.push(...(await evaluateBudget(organizationId, budget, asOf, pass)));
    }
    let idleFindings: IdleEc2Finding[] | undefined;
    for (const rule of rules) {
      if (rule.kind !== 'idle-ec2' && !asOf) continue;
      if (rule.kind === 'cost-threshold' && asOf) {
        notifications.push(...(await evaluateCostThresholdRule(organizationId, rule, asOf, firstDay, pass)));
      } else if (rule.kind === 'anomaly' && asOf) {
        if (!planAllows(planInForce, 'anomaly-detection')) continue;
        notifications.push(...(await evaluateAnomalyRule(organizationId, rule, asOf, pass)));
      } else if (rule.kind === 'idle-ec2') {
        idleFindings ??= await deps.listIdleFindings(organizationId);
        notifications.push(...(await evaluateIdleRule(organizationId, rule, idleFindings, pass)));
      }
    }
    let fired = 0;
    let deliveries = 0;
    for (const notification of notifications) {
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
  async function remindUnacknowledged(now = new Date()): Promise<number> {
    const day = now.toISOString().slice(0, 10);
    let reminded = 0;
    for (const alert of await unacknowledgedBudgetAlerts(db, new Date(now.getTime() - REMIND_AFTER_MS))) {
      const details = alert.details as { period?: { end?: string } };
      const asOf = await evaluationDayOf(db, alert.organization_id);
      if (!details.period?.end || !asOf || details.period.end < asOf) continue;
      const dispatched = await fire({
        organizationId: alert.organization_id,
        dedupeKey: `${alert.dedupe_key}:reminder:${day}`,
        sourceKind: alert.source_kind,
        sourceId: alert.source_id,
        title: `Reminder: ${alert.title}`,
        summary: `${alert.summary} Nobody has acknowledged this alert yet.`,
        details: { ...(alert.details as object), reminderOf: alert.id },
        accountIds: alert.account_ids as string[],
      });
      if (dispatched) reminded += 1;
    }
    return reminded;
  }

  return {
    evaluateOrganization,
    remindUnacknowledged,
    async evaluateAll(): Promise<number> {
      let fired = 0;
      for (const organizationId of await organizationsToEvaluate(db)) {
        fired += (await evaluateOrganization(organizationId)).fired;
      }
      return fired;
    },
  };
}

export type AlertEvaluation = ReturnType<typeof createAlertEvaluation>;
