/**
 * The `launch` alert rule: what was launched since the bill data, judged the moment it is
 * stored. A rule watches the launches of a scope (the organization, or a team's accounts) and fires
 * for one launch event (rows sharing `launchEventId`, e.g. a RunInstances of 8) when
 *
 * - **rise**: the launches since the rule last fired, within the window before this launch, raise the
 *   hourly run-rate by more than the amount (so every further step of that size alerts once);
 * - **single**: this launch alone adds more than the amount an hour;
 * - **budget**: this launch is the one whose hours carry a budget's projection (its bill forecast plus
 *   the ledger's hours to the period's end) over the budget's amount.
 *
 * A launch event fires a rule once, whatever the reasons: its dedupe key is (rule, launch event), so
 * a redelivered event and the next scheduled evaluation add nothing. The launch is the CloudTrail call
 * once it is stored (a RunInstances of 8 is one launch); state changes judged before it arrived are
 * launches of one instance each, and an alert one of them fired covers the call's launch later.
 * Rows without a price never count
 * as zero silently: they are carried in `unpriced` for the message to list as "price unknown", and a
 * sum that leaves them out is "at least".
 *
 * Scope: launch events name the account, not the tags (CloudTrail does not carry them), so a scope
 * that names accounts filters rows by account; a team scope made of tags only cannot be checked
 * against launches and watches every account of the organization (`tagsNotChecked` says so, and the
 * message repeats it). A budget filtered on a tag gets no live run-rate for the same reason.
 */

import { isAwsProvider } from './cloud-providers.ts';
import type { CommitmentEndInForecast } from './commitment-forecast.ts';
import type { TeamCostScope } from './cost-scope.ts';
import type { LaunchResourceKind } from './launch-changes.ts';
import type { PricedLedgerRow } from './live-run-rate.ts';
import { isMoreThan, sumUsd } from './money.ts';

const HOUR_MS = 3_600_000;

/** The accounts whose launches a rule counts. */
export interface LaunchScope {
  /** 'all': every account of the organization; a list: those only (an empty list watches nothing). */
  accounts: 'all' | readonly string[];
  /** The team's scope had tag pairs that launch events cannot be matched on. */
  tagsNotChecked: boolean;
}

/**
 * The rule's own account filter, narrowed by its team's scope when it has one. Accounts named on both
 * sides must agree (an intersection); a team scope of tags only adds no account limit.
 */
export function launchScopeOf(ruleAccountIds: readonly string[], team: TeamCostScope | null): LaunchScope {
  const tagsNotChecked = team !== null && team.tags.length > 0;
  const teamAccounts = team && team.accountIds.length > 0 ? team.accountIds : null;
  if (ruleAccountIds.length === 0 && !teamAccounts) return { accounts: 'all', tagsNotChecked };
  if (ruleAccountIds.length === 0) return { accounts: [...teamAccounts!], tagsNotChecked };
  if (!teamAccounts) return { accounts: [...ruleAccountIds], tagsNotChecked };
  return { accounts: ruleAccountIds.filter((id) => teamAccounts.includes(id)), tagsNotChecked };
}

export function inLaunchScope(scope: LaunchScope, row: Pick<PricedLedgerRow, 'accountId'>): boolean {
  return scope.accounts === 'all' || scope.accounts.includes(row.accountId);
}

/** One launch event: the running rows it opened. */
export interface LaunchGroup<Row extends PricedLedgerRow = PricedLedgerRow> {
  launchEventId: string;
  startedAtMs: number;
  rows: Row[];
  /** What its priced rows add an hour (a lower bound when some are unpriced). */
  addedUsdPerHour: number;
  unpriced: Row[];
}

const byStart = (a: LaunchGroup, b: LaunchGroup) =>
  a.startedAtMs - b.startedAtMs || a.launchEventId.localeCompare(b.launchEventId);

/** Running rows grouped by the event that launched them, oldest first. */
export function launchGroupsOf<Row extends PricedLedgerRow>(rows: readonly Row[]): LaunchGroup<Row>[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const list = groups.get(row.launchEventId) ?? [];
    list.push(row);
    groups.set(row.launchEventId, list);
  }
  return [...groups.entries()]
    .map(([launchEventId, members]) => ({
      launchEventId,
      startedAtMs: Math.min(...members.map((row) => row.startedAtMs)),
      rows: members,
      addedUsdPerHour: sumUsd(
        members.flatMap((row) => (row.addedUsdPerHour === null ? [] : [row.addedUsdPerHour])),
      ),
      unpriced: members.filter((row) => row.addedUsdPerHour === null),
    }))
    .sort(byStart);
}

export interface LaunchConditions {
  /** Launches within `windowHours` raise the run-rate by more than `usdPerHour`. */
  rise?: { windowHours: number; usdPerHour: number };
  /** One launch adds more than `usdPerHour`. */
  single?: { usdPerHour: number };
  /** Watch the budgets passed in (their period, amount and bill projection). */
  budgets?: boolean;
}

/** A budget as a launch rule judges it: the bill's own projection for the period, and the period. */
export interface BudgetUnderWatch {
  id: string;
  name: string;
  amount: number;
  /**
   * The bill data's forecast for the period (or the actual spend when there is none), with what
   * commitments ending in the period add.
   */
  billProjection: number;
  /** The commitment ends `billProjection` counts, for the alert to name. */
  commitmentEnds: readonly CommitmentEndInForecast[];
  periodKey: string;
  periodStartMs: number;
  /** Exclusive: midnight UTC after the period's last day. */
  periodEndMs: number;
  /** Which rows it watches (its accounts and services); false for all rows of a tag budget. */
  watches: (row: PricedLedgerRow) => boolean;
}

export interface LaunchRuleInput<Row extends PricedLedgerRow> {
  ruleId: string;
  conditions: LaunchConditions;
  scope: LaunchScope;
  /** Running rows of the organization's live ledger, after each integration's bill data. */
  running: readonly Row[];
  budgets: readonly BudgetUnderWatch[];
  atMs: number;
  alreadyFired: ReadonlySet<string>;
}

export interface BudgetCrossing {
  budgetId: string;
  budgetName: string;
  amount: number;
  periodKey: string;
  billProjection: number;
  commitmentEnds: readonly CommitmentEndInForecast[];
  /** The ledger's hours in the period, this launch and those before it included. */
  liveUsd: number;
  projected: number;
}

export interface LaunchFiring<Row extends PricedLedgerRow = PricedLedgerRow> {
  dedupeKey: string;
  launch: LaunchGroup<Row>;
  /** Set when the rise condition fired: the launches it counted (this one last) and their rise. */
  rise?: { windowHours: number; limit: number; launches: LaunchGroup<Row>[]; usdPerHour: number };
  /** Set when the single-launch condition fired. */
  single?: { limit: number };
  budgets: BudgetCrossing[];
  /** Every running row of the scope: what the rule sees now (for the month's projection). */
  scopeRunRateUsdPerHour: number;
  /** Unpriced rows among the launches this alert names. */
  unpriced: Row[];
  tagsNotChecked: boolean;
}

export function launchAlertDedupeKey(ruleId: string, launchEventId: string): string {
  return `launch:${ruleId}:${launchEventId}`;
}

function hoursOverlap(fromMs: number, toMs: number | undefined, startMs: number, endMs: number): number {
  const start = Math.max(fromMs, startMs);
  const end = Math.min(toMs ?? endMs, endMs);
  return end > start ? (end - start) / HOUR_MS : 0;
}

/**
 * What a ledger row adds to a period if it keeps running: its priced stretches inside the period,
 * from its start (after the bill data) to the period's end. Null when its price is unknown.
 */
export function rowAdditionToPeriod(
  row: PricedLedgerRow,
  period: { periodStartMs: number; periodEndMs: number },
): number | null {
  const amounts: number[] = [];
  for (const segment of row.pricedSegments) {
    const hours = hoursOverlap(segment.fromMs, segment.toMs, period.periodStartMs, period.periodEndMs);
    if (hours === 0) continue;
    if (segment.addedUsdPerHour === null) return null;
    amounts.push(segment.addedUsdPerHour * hours);
  }
  return sumUsd(amounts);
}

/** The live run-rate's part of a budget's forecast: every running row it watches, to the period's end. */
export function liveAdditionToBudget(
  rows: readonly PricedLedgerRow[],
  budget: Pick<BudgetUnderWatch, 'periodStartMs' | 'periodEndMs' | 'watches'>,
): { usd: number; unpriced: PricedLedgerRow[] } {
  const amounts: number[] = [];
  const unpriced: PricedLedgerRow[] = [];
  for (const row of rows.filter(budget.watches)) {
    const added = rowAdditionToPeriod(row, budget);
    if (added === null) unpriced.push(row);
    else amounts.push(added);
  }
  return { usd: sumUsd(amounts), unpriced };
}

/** The launches whose added hours first carry the budget's projection over its amount, with the sums. */
function budgetCrossings(
  groups: readonly LaunchGroup[],
  budget: BudgetUnderWatch,
): Map<string, BudgetCrossing> {
  const crossings = new Map<string, BudgetCrossing>();
  let live = 0;
  for (const group of groups) {
    const before = budget.billProjection + live;
    const added = group.rows
      .filter(budget.watches)
      .map((row) => rowAdditionToPeriod(row, budget) ?? 0)
      .reduce((a, b) => a + b, 0);
    live = sumUsd([live, added]);
    const projected = sumUsd([budget.billProjection, live]);
    if (!isMoreThan(before, budget.amount) && isMoreThan(projected, budget.amount)) {
      crossings.set(group.launchEventId, {
        budgetId: budget.id,
        budgetName: budget.name,
        amount: budget.amount,
        periodKey: budget.periodKey,
        billProjection: budget.billProjection,
        commitmentEnds: budget.commitmentEnds,
        liveUsd: live,
        projected,
      });
    }
  }
  return crossings;
}

/**
 * Whether the rule fired for one of the group's runs under another event, before the CloudTrail call
 * arrived and made them one launch (live-ledger.ts `startEventIds`): that alert covers the launch.
 */
function firedBeforeRegrouping(ruleId: string, group: LaunchGroup, alreadyFired: ReadonlySet<string>) {
  return group.rows.some((row) =>
    row.startEventIds.some(
      (eventId) => eventId !== group.launchEventId && alreadyFired.has(launchAlertDedupeKey(ruleId, eventId)),
    ),
  );
}

/**
 * Which launch events fire the rule now. Deterministic in its input: evaluating again with the same
 * ledger, or after the same event was delivered twice, finds the same keys, already fired.
 */
export function evaluateLaunchRule<Row extends PricedLedgerRow>(
  input: LaunchRuleInput<Row>,
): LaunchFiring<Row>[] {
  const { ruleId, conditions, scope, atMs, alreadyFired } = input;
  const rows = input.running.filter((row) => inLaunchScope(scope, row));
  const groups = launchGroupsOf(rows);
  const scopeRunRateUsdPerHour = sumUsd(groups.map((group) => group.addedUsdPerHour));
  const crossingsByBudget = conditions.budgets
    ? input.budgets.map((budget) => budgetCrossings(groups, budget))
    : [];
  const firesOrFired = new Set<string>();
  const firings: LaunchFiring<Row>[] = [];
  for (const group of groups) {
    const key = launchAlertDedupeKey(ruleId, group.launchEventId);
    let rise: LaunchFiring<Row>['rise'];
    if (conditions.rise && group.startedAtMs >= atMs - conditions.rise.windowHours * HOUR_MS) {
      const windowStart = group.startedAtMs - conditions.rise.windowHours * HOUR_MS;
      const inWindow = groups.filter(
        (other) => other.startedAtMs >= windowStart && byStart(other, group) <= 0,
      );
      // Only the launches since the rule last fired in the window count towards the next alert.
      const lastFired = inWindow.findLastIndex(
        (other) => other !== group && firesOrFired.has(other.launchEventId),
      );
      const launches = inWindow.slice(lastFired + 1);
      const usdPerHour = sumUsd(launches.map((launch) => launch.addedUsdPerHour));
      if (isMoreThan(usdPerHour, conditions.rise.usdPerHour)) {
        rise = {
          windowHours: conditions.rise.windowHours,
          limit: conditions.rise.usdPerHour,
          launches,
          usdPerHour,
        };
      }
    }
    const single =
      conditions.single && isMoreThan(group.addedUsdPerHour, conditions.single.usdPerHour)
        ? { limit: conditions.single.usdPerHour }
        : undefined;
    const budgets = crossingsByBudget.flatMap((crossings) => {
      const crossing = crossings.get(group.launchEventId);
      return crossing ? [crossing] : [];
    });
    const fires = rise !== undefined || single !== undefined || budgets.length > 0;
    if (alreadyFired.has(key) || firedBeforeRegrouping(ruleId, group, alreadyFired)) {
      firesOrFired.add(group.launchEventId);
      continue;
    }
    if (!fires) continue;
    firesOrFired.add(group.launchEventId);
    const named = rise ? rise.launches : [group];
    firings.push({
      dedupeKey: key,
      launch: group,
      rise,
      single,
      budgets,
      scopeRunRateUsdPerHour,
      unpriced: named.flatMap((launch) => launch.unpriced),
      tagsNotChecked: scope.tagsNotChecked,
    });
  }
  return firings;
}

/** Billing service names (code or name, as CUR and Cost Explorer write them) of each launched kind. */
export const SERVICES_OF_LAUNCH_KIND: Readonly<Record<LaunchResourceKind, readonly string[]>> = {
  'ec2-instance': ['AmazonEC2', 'Amazon Elastic Compute Cloud', 'Amazon Elastic Compute Cloud - Compute'],
  'auto-scaling-group': [
    'AmazonEC2',
    'Amazon Elastic Compute Cloud',
    'Amazon Elastic Compute Cloud - Compute',
  ],
  'nat-gateway': [
    'AmazonEC2',
    'Amazon Elastic Compute Cloud',
    'EC2 - Other',
    'AmazonVPC',
    'Amazon Virtual Private Cloud',
  ],
  'rds-instance': ['AmazonRDS', 'Amazon Relational Database Service'],
};

/**
 * Which ledger rows a budget's filter takes in: its accounts (all when none), its services (by the
 * resource's kind), and no row at all when it is filtered on a tag (launch events carry no tags) or on
 * providers without AWS (launches are AWS's).
 */
export function budgetWatchesRow(
  filter: {
    accountIds: readonly string[];
    services: readonly string[];
    tag: unknown;
    providers?: readonly string[];
  },
  row: Pick<PricedLedgerRow, 'accountId' | 'resource'>,
): boolean {
  if (filter.tag) return false;
  if (filter.providers && filter.providers.length > 0 && !filter.providers.some(isAwsProvider)) return false;
  if (filter.accountIds.length > 0 && !filter.accountIds.includes(row.accountId)) return false;
  if (filter.services.length === 0) return true;
  const names = SERVICES_OF_LAUNCH_KIND[row.resource.kind];
  return filter.services.some((service) => names.includes(service));
}
