import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type AlertRuleKind,
  type AlertRuleView,
  anomalySettings,
  type BudgetView,
  type CostFilter,
  commitmentsSettings,
  costFilter,
  costThresholdSettings,
  type createAlertRuleInput,
  type createBudgetInput,
  idleEc2Settings,
  launchSettings,
  liveSpendSettings,
  type updateAlertRuleInput,
  type updateBudgetInput,
} from '../../../contracts/alerts.ts';
import { commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import {
  type BudgetPeriodKind,
  type BudgetThreshold,
  budgetThresholdStates,
  DEFAULT_BUDGET_THRESHOLDS,
} from '../../../domain/budgets.ts';
import { isoDayOfInstant } from '../../../domain/calendar-days.ts';
import {
  type CostScope,
  ruleWithinScope,
  type TeamCostScope,
  UNRESTRICTED,
  watchesWithinScope,
} from '../../../domain/cost-scope.ts';
import { managesOrganization } from '../../../domain/organization-roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { BudgetCommitmentEnds } from '../commitments/commitment-budget-ends.ts';
import type { CostBasis } from '../cost-data/cost-slices.service.ts';
import { firedNotificationsOf, lastFiredBySource } from './alert-outbox.repository.ts';
import {
  countOwnedRows,
  deleteOwnedRow,
  findBudgetRow,
  findRuleRow,
  insertBudget,
  insertRule,
  listBudgetRows,
  listRuleRows,
  updateBudget,
  updateRule,
} from './alert-rules.repository.ts';
import { budgetSpendAsOf, evaluationDayOf, type SpendSource, spendReader } from './alert-spend.ts';
import { defaultRuleName } from './alert-wording.ts';
import { budgetCommitmentEndsOf, memoizedCommitmentEnds } from './budget-commitment-ends.ts';
import { budgetForecastOf, liveForecastOf } from './live-forecast.ts';
import {
  type LiveLedgerSource,
  type LiveLedgerView,
  type LiveSpendSource,
  readLiveLedger,
} from './live-ledger-source.ts';

type BudgetRow = Awaited<ReturnType<typeof listBudgetRows>>[number];
type RuleRow = Awaited<ReturnType<typeof listRuleRows>>[number];

/** Owners and admins write budgets and rules; members read. */
export function requireAlertManager(viewer: Viewer): void {
  if (!managesOrganization(viewer.organizationRole)) {
    throw forbidden('Only owners and admins can change budgets and alerts.');
  }
}

export function budgetOfRow(row: BudgetRow) {
  return {
    id: row.id,
    name: row.name,
    amount: Number(row.amount_usd),
    period: row.period as BudgetPeriodKind,
    costBasis: row.cost_basis as CostBasis,
    filter: costFilter.parse(row.filter),
    thresholds: row.thresholds as BudgetThreshold[],
    paused: row.paused,
  };
}

export type StoredBudget = ReturnType<typeof budgetOfRow>;

export function ruleOfRow(row: RuleRow) {
  return {
    id: row.id,
    kind: row.kind as AlertRuleKind,
    name: row.name,
    settings: row.settings as Record<string, unknown>,
    filter: costFilter.parse(row.filter),
    paused: row.paused,
  };
}

export type StoredRule = ReturnType<typeof ruleOfRow>;

/** Thresholds keep their id when given; a new one gets `basis-percent` (unique within the budget). */
export function thresholdsWithIds(
  input: Array<{ id?: string; percent: number; basis: 'actual' | 'forecast' }>,
) {
  const seen = new Set<string>();
  return input.map((threshold) => {
    let id = threshold.id ?? `${threshold.basis}-${threshold.percent}`;
    while (seen.has(id)) id = `${id}-b`;
    seen.add(id);
    return { id, percent: threshold.percent, basis: threshold.basis };
  });
}

const SETTINGS_BY_KIND: Record<AlertRuleKind, z.ZodType> = {
  'cost-threshold': costThresholdSettings,
  anomaly: anomalySettings,
  'idle-ec2': idleEc2Settings,
  launch: launchSettings,
  'live-spend': liveSpendSettings,
  commitments: commitmentsSettings,
};

/** The demo's launch rule: the GPU burst (eight p4d.24xlarge, about $262 an hour) is well above it. */
export const DEMO_LAUNCH_LIMIT_USD_PER_HOUR = 50;

/** The demo's live-spend rule: the NAT egress leak (182 GB an hour, $8.19 an hour) is well above it. */
export const DEMO_LIVE_SPEND_LIMIT_USD_PER_HOUR = 5;

/** The plan feature each kind of rule needs (billing). */
export const FEATURE_BY_KIND = {
  anomaly: 'anomaly-detection',
  'cost-threshold': 'email-alerts',
  'idle-ec2': 'email-alerts',
  launch: 'email-alerts',
  'live-spend': 'email-alerts',
  commitments: 'email-alerts',
} as const;

export function createAlertRulesService(
  db: Kysely<DatabaseSchema>,
  /** Spend, through cost-data's cost-slice API: a budget's status is read like its evaluation. */
  spendSource: SpendSource,
  billing: BillingService,
  /** Told after a budget or rule is created or changed: evaluation runs at once on the data already there. */
  afterChange: (organizationId: string) => void,
  options: {
    /** The injected clock (decision 078): what today is for a budget's status. */
    now: () => Date;
    /** The live ledger: budgets' forecasts add its run-rate, labelled apart. */
    liveLedger?: LiveLedgerSource;
    /** The usage meter's readings: budgets' forecasts add what runs above its usual rate (docs/decisions/096). */
    liveSpend?: LiveSpendSource;
    /** Commitments ending within a budget's period: its forecast adds their usage On-Demand (decision 137). */
    commitmentEnds?: BudgetCommitmentEnds;
    /** Whether a launch rule's team exists in the organization. */
    teamScope?: (organizationId: string, teamId: string) => Promise<TeamCostScope | null>;
    /** What spend the viewer sees: a member limited to their teams reads only their teams' budgets. */
    viewerScope?: (viewer: Viewer) => Promise<CostScope>;
  },
) {
  const { now, ...launches } = options;
  const read = spendReader(spendSource);
  const today = () => isoDayOfInstant(now());

  /** A launch rule names a team of the caller's organization, or none. */
  async function checkLaunchTeam(viewer: Viewer, settings: Record<string, unknown>): Promise<void> {
    const teamId = settings.team_id;
    if (typeof teamId !== 'string') return;
    const scope = await launches.teamScope?.(viewer.organizationId, teamId);
    if (!scope) throw badRequest('settings.team_id: no such team in this organization');
  }

  async function budgetView(
    row: BudgetRow,
    asOf: string | null,
    live: LiveLedgerView,
    commitmentEnds = launches.commitmentEnds,
  ): Promise<BudgetView> {
    const budget = budgetOfRow(row);
    const day = asOf ?? today();
    const spend = await budgetSpendAsOf(read, row.organization_id, budget, day, today());
    const liveForecast = liveForecastOf(live, budget, spend.period);
    const ending = asOf
      ? await budgetCommitmentEndsOf(commitmentEnds, row.organization_id, budget, {
          period: spend.period,
          asOf,
          today: today(),
          now: now(),
        })
      : [];
    const { forecastSpend, ends } = budgetForecastOf(spend, ending, liveForecast.usd);
    const status = budgetThresholdStates({
      budget,
      today: day,
      actualSpend: spend.actual,
      forecastSpend,
      hasCostData: asOf !== null,
    });
    const fired = await firedNotificationsOf(db, row.organization_id, row.id);
    const firedAt = new Map(fired.map((entry) => [entry.dedupe_key, entry.fired_at]));
    return {
      id: row.id,
      name: row.name,
      amount_usd: budget.amount,
      period: budget.period,
      cost_basis: budget.costBasis,
      filter: budget.filter,
      paused: row.paused,
      created_at: row.created_at.toISOString(),
      status: {
        as_of: asOf,
        period_start: status.period.start,
        period_end: status.period.end,
        period_key: status.period.key,
        actual_usd: status.actualSpend,
        forecast_usd: status.forecastSpend,
        forecast_live_run_rate_usd: liveForecast.usd,
        forecast_commitment_ends: commitmentEndViews(ends),
        percent_used: status.percentUsed,
        thresholds: status.thresholds.map((entry) => ({
          id: entry.threshold.id,
          percent: entry.threshold.percent,
          basis: entry.threshold.basis,
          amount_usd: entry.thresholdAmount,
          state: entry.state,
          fired_at:
            firedAt.get(`budget:${row.id}:${status.period.key}:${entry.threshold.id}`)?.toISOString() ?? null,
        })),
      },
    };
  }

  /** Only budgets read the live ledger here; an organization with none skips it. */
  const liveOf = (organizationId: string) =>
    readLiveLedger(launches.liveLedger, organizationId, now(), launches.liveSpend);

  /** Whether the viewer sees a budget: any, unless their view is limited to teams the budget is not within. */
  function budgetVisibleIn(scope: CostScope, row: BudgetRow): boolean {
    if (!scope.restricted) return true;
    const filter = costFilter.parse(row.filter);
    return watchesWithinScope({ accountIds: filter.account_ids, tag: filter.tag ?? null }, scope);
  }

  async function requireBudget(viewer: Viewer, id: string): Promise<BudgetRow> {
    const row = await findBudgetRow(db, viewer.organizationId, id);
    const scope = (await launches.viewerScope?.(viewer)) ?? UNRESTRICTED;
    if (!row || !budgetVisibleIn(scope, row)) throw notFound('Budget');
    return row;
  }

  /** Whether the viewer sees a rule: any, unless their view is limited to teams the rule is not within. */
  async function ruleVisibleIn(scope: CostScope, organizationId: string, row: RuleRow): Promise<boolean> {
    if (!scope.restricted) return true;
    const { filter, settings } = ruleOfRow(row);
    const teamId = typeof settings.team_id === 'string' ? settings.team_id : null;
    const team = teamId ? ((await launches.teamScope?.(organizationId, teamId)) ?? null) : null;
    return ruleWithinScope(
      { filter: { accountIds: filter.account_ids, tag: filter.tag ?? null }, team },
      scope,
    );
  }

  async function requireRule(viewer: Viewer, id: string): Promise<RuleRow> {
    const row = await findRuleRow(db, viewer.organizationId, id);
    const scope = (await launches.viewerScope?.(viewer)) ?? UNRESTRICTED;
    if (!row || !(await ruleVisibleIn(scope, viewer.organizationId, row))) throw notFound('Alert rule');
    return row;
  }

  function ruleView(row: RuleRow, lastFired: Map<string, Date>): AlertRuleView {
    const rule = ruleOfRow(row);
    return {
      ...rule,
      settings: rule.settings,
      created_at: row.created_at.toISOString(),
      last_fired_at: lastFired.get(row.id)?.toISOString() ?? null,
    };
  }

  return {
    countBudgets: (organizationId: string) => countOwnedRows(db, 'budgets', organizationId),
    countRules: (organizationId: string) => countOwnedRows(db, 'alert_rules', organizationId),

    async listBudgets(viewer: Viewer): Promise<BudgetView[]> {
      const asOf = await evaluationDayOf(spendSource, viewer.organizationId, today());
      const scope = (await launches.viewerScope?.(viewer)) ?? UNRESTRICTED;
      const rows = (await listBudgetRows(db, viewer.organizationId)).filter((row) =>
        budgetVisibleIn(scope, row),
      );
      const live = await liveOf(viewer.organizationId);
      const commitmentEnds = memoizedCommitmentEnds(launches.commitmentEnds);
      return Promise.all(rows.map((row) => budgetView(row, asOf, live, commitmentEnds)));
    },

    async getBudget(viewer: Viewer, id: string): Promise<BudgetView> {
      const row = await requireBudget(viewer, id);
      return budgetView(
        row,
        await evaluationDayOf(spendSource, viewer.organizationId, today()),
        await liveOf(viewer.organizationId),
      );
    },

    async createBudget(viewer: Viewer, input: z.output<typeof createBudgetInput>): Promise<BudgetView> {
      requireAlertManager(viewer);
      await billing.assertFeature(viewer, 'email-alerts');
      await billing.assertWithinLimit(
        viewer,
        'budgets',
        await countOwnedRows(db, 'budgets', viewer.organizationId),
      );
      const row = await insertBudget(db, viewer.organizationId, viewer.userId, {
        name: input.name,
        amount_usd: input.amount_usd,
        period: input.period,
        cost_basis: input.cost_basis,
        filter: input.filter,
        thresholds: thresholdsWithIds(input.thresholds ?? [...DEFAULT_BUDGET_THRESHOLDS]),
        paused: false,
      });
      afterChange(viewer.organizationId);
      return budgetView(
        row,
        await evaluationDayOf(spendSource, viewer.organizationId, today()),
        await liveOf(viewer.organizationId),
      );
    },

    async updateBudget(
      viewer: Viewer,
      id: string,
      input: z.output<typeof updateBudgetInput>,
    ): Promise<BudgetView> {
      requireAlertManager(viewer);
      const row = await requireBudget(viewer, id);
      const current = budgetOfRow(row);
      const updated = await updateBudget(db, viewer.organizationId, id, {
        name: input.name ?? current.name,
        amount_usd: input.amount_usd ?? current.amount,
        period: input.period ?? current.period,
        cost_basis: input.cost_basis ?? current.costBasis,
        filter: input.filter ?? current.filter,
        thresholds: input.thresholds ? thresholdsWithIds(input.thresholds) : current.thresholds,
        paused: input.paused ?? current.paused,
      });
      if (!updated) throw notFound('Budget');
      afterChange(viewer.organizationId);
      return budgetView(
        updated,
        await evaluationDayOf(spendSource, viewer.organizationId, today()),
        await liveOf(viewer.organizationId),
      );
    },

    async deleteBudget(viewer: Viewer, id: string): Promise<void> {
      requireAlertManager(viewer);
      if (!(await deleteOwnedRow(db, 'budgets', viewer.organizationId, id))) throw notFound('Budget');
    },

    async listRules(viewer: Viewer): Promise<AlertRuleView[]> {
      const lastFired = await lastFiredBySource(db, viewer.organizationId);
      const scope = (await launches.viewerScope?.(viewer)) ?? UNRESTRICTED;
      const rows = await listRuleRows(db, viewer.organizationId);
      const visible = await Promise.all(rows.map((row) => ruleVisibleIn(scope, viewer.organizationId, row)));
      return rows.filter((_, index) => visible[index]).map((row) => ruleView(row, lastFired));
    },

    async getRule(viewer: Viewer, id: string): Promise<AlertRuleView> {
      const row = await requireRule(viewer, id);
      return ruleView(row, await lastFiredBySource(db, viewer.organizationId));
    },

    async createRule(viewer: Viewer, input: z.output<typeof createAlertRuleInput>): Promise<AlertRuleView> {
      requireAlertManager(viewer);
      await billing.assertFeature(viewer, FEATURE_BY_KIND[input.kind]);
      await billing.assertWithinLimit(
        viewer,
        'alertRules',
        await countOwnedRows(db, 'alert_rules', viewer.organizationId),
      );
      const settings = input.settings as Record<string, unknown>;
      if (input.kind === 'launch') await checkLaunchTeam(viewer, settings);
      const row = await insertRule(db, viewer.organizationId, viewer.userId, {
        kind: input.kind,
        name: input.name ?? defaultRuleName(input.kind, settings),
        settings,
        filter: input.filter,
        paused: false,
      });
      afterChange(viewer.organizationId);
      return ruleView(row, new Map());
    },

    async updateRule(
      viewer: Viewer,
      id: string,
      input: z.output<typeof updateAlertRuleInput>,
    ): Promise<AlertRuleView> {
      requireAlertManager(viewer);
      const row = await requireRule(viewer, id);
      const current = ruleOfRow(row);
      let settings = current.settings;
      if (input.settings) {
        const parsed = SETTINGS_BY_KIND[current.kind].safeParse(input.settings);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(`settings.${issue.path.join('.')}: ${issue.message}`);
        }
        settings = parsed.data as Record<string, unknown>;
        if (current.kind === 'launch') await checkLaunchTeam(viewer, settings);
      }
      const updated = await updateRule(db, viewer.organizationId, id, {
        kind: current.kind,
        name: input.name ?? current.name,
        settings,
        filter: (input.filter as CostFilter | undefined) ?? current.filter,
        paused: input.paused ?? current.paused,
      });
      if (!updated) throw notFound('Alert rule');
      afterChange(viewer.organizationId);
      return ruleView(updated, await lastFiredBySource(db, viewer.organizationId));
    },

    /**
     * The demo organization's launch rule out of the box: a visitor who launches the GPU
     * burst sees the alert arrive by mail. Added once; a demo that already has a launch rule keeps it.
     */
    async ensureDemoLaunchRule(organizationId: string, demoUserId: string): Promise<void> {
      const rules = await listRuleRows(db, organizationId);
      if (rules.some((rule) => rule.kind === 'launch')) return;
      const settings = launchSettings.parse({ single_launch_usd_per_hour: DEMO_LAUNCH_LIMIT_USD_PER_HOUR });
      await insertRule(db, organizationId, demoUserId, {
        kind: 'launch',
        name: defaultRuleName('launch', settings),
        settings,
        filter: costFilter.parse({}),
        paused: false,
      });
    },

    /**
     * The demo organization's live-spend rule out of the box: a visitor who starts the NAT egress leak
     * (182 GB an hour, about $8 an hour) sees the alert arrive by mail. Added once; kept when there is one.
     */
    async ensureDemoLiveSpendRule(organizationId: string, demoUserId: string): Promise<void> {
      const rules = await listRuleRows(db, organizationId);
      if (rules.some((rule) => rule.kind === 'live-spend')) return;
      const settings = liveSpendSettings.parse({
        resource_usd_per_hour: DEMO_LIVE_SPEND_LIMIT_USD_PER_HOUR,
        usual_multiple: 5,
        usual_min_usd_per_hour: DEMO_LIVE_SPEND_LIMIT_USD_PER_HOUR,
      });
      await insertRule(db, organizationId, demoUserId, {
        kind: 'live-spend',
        name: defaultRuleName('live-spend', settings),
        settings,
        filter: costFilter.parse({}),
        paused: false,
      });
    },

    /**
     * The demo organization's commitments rule out of the box (decision 105): the simulated company's
     * Savings Plan ends within 60 days, so the demo's first ingest mails its expiry. Added once.
     */
    async ensureDemoCommitmentsRule(organizationId: string, demoUserId: string): Promise<void> {
      const rules = await listRuleRows(db, organizationId);
      if (rules.some((rule) => rule.kind === 'commitments')) return;
      const settings = commitmentsSettings.parse({ utilization_below_percent: 80 });
      await insertRule(db, organizationId, demoUserId, {
        kind: 'commitments',
        name: defaultRuleName('commitments', settings),
        settings,
        filter: costFilter.parse({}),
        paused: false,
      });
    },

    async deleteRule(viewer: Viewer, id: string): Promise<void> {
      requireAlertManager(viewer);
      if (!(await deleteOwnedRow(db, 'alert_rules', viewer.organizationId, id))) throw notFound('Alert rule');
    },
  };
}

export type AlertRulesService = ReturnType<typeof createAlertRulesService>;
