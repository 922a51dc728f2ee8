import { describe, expect, it } from 'vitest';
import {
  type BudgetUnderWatch,
  budgetWatchesRow,
  evaluateLaunchRule,
  type LaunchConditions,
  launchAlertDedupeKey,
  launchScopeOf,
  liveAdditionToBudget,
} from './launch-alerts.ts';
import { readLaunchEvent } from './launch-changes.ts';
import type { Ec2PriceLookup } from './launch-prices.ts';
import { buildLiveLedger } from './live-ledger.ts';
import { liveRunRate, type PricedLedgerRow, priceLedgerRows } from './live-run-rate.ts';
import { ACCOUNT, runInstances, stateChange } from './testing/launch-event-fixtures.ts';

const PRICES: Record<string, number> = { 'p4d.24xlarge': 32.7726, 'm5.large': 0.096, 'g5.xlarge': 1.006 };
const catalog: Ec2PriceLookup = (type) => PRICES[type];
const at = (iso: string) => Date.parse(iso);
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `i-${prefix}${i}`);

/** The running rows the events make, priced, as evaluation sees them at `now`. */
function running(now: string, ...events: unknown[]): PricedLedgerRow[] {
  const changes = events.flatMap((event) => {
    const read = readLaunchEvent(event);
    return read.ok ? read.value.changes : [];
  });
  const rows = priceLedgerRows(buildLiveLedger(changes).rows, catalog);
  return liveRunRate(rows, { atMs: at(now) }).running;
}

function judge(
  rows: PricedLedgerRow[],
  conditions: LaunchConditions,
  options: { now: string; fired?: Set<string>; budgets?: BudgetUnderWatch[]; accounts?: string[] },
) {
  return evaluateLaunchRule({
    ruleId: 'rule-1',
    conditions,
    scope: { accounts: options.accounts ?? 'all', tagsNotChecked: false },
    running: rows,
    budgets: options.budgets ?? [],
    atMs: at(options.now),
    alreadyFired: options.fired ?? new Set(),
  });
}

describe('a launch rule: one launch costs more than an amount an hour', () => {
  it('fires for eight p4d.24xlarge in one RunInstances, once for the event', () => {
    const rows = running(
      '2026-11-25T09:01:00Z',
      runInstances(ids('gpu', 8), 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-gpu'),
    );
    const firings = judge(rows, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:01:00Z' });
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({
      dedupeKey: launchAlertDedupeKey('rule-1', 'evt-gpu'),
      single: { limit: 50 },
      launch: { launchEventId: 'evt-gpu' },
    });
    expect(firings[0]!.launch.addedUsdPerHour).toBeCloseTo(262.18, 2);
    expect(firings[0]!.launch.rows).toHaveLength(8);
  });

  it('judges the GPUs as one launch once the RunInstances call arrives after their state changes', () => {
    const gpus = ids('gpu', 8);
    const pending = gpus.map((id, index) =>
      stateChange(id, 'pending', '2026-11-25T09:00:00Z', `evt-pending-${index}`),
    );
    // The state changes alone: eight launches of one instance each, none over $50 an hour.
    const early = running('2026-11-25T09:00:30Z', ...pending);
    expect(early.every((row) => row.addedUsdPerHour === null)).toBe(true);
    const typed = running(
      '2026-11-25T09:01:00Z',
      ...pending,
      runInstances(gpus, 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-gpu'),
    );
    const firings = judge(typed, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:01:00Z' });
    expect(firings.map((firing) => firing.dedupeKey)).toEqual([launchAlertDedupeKey('rule-1', 'evt-gpu')]);
    expect(firings[0]!.launch.rows).toHaveLength(8);
  });

  it('does not fire again for a launch one of whose instances fired alone before the call arrived', () => {
    const gpus = ids('gpu', 2);
    const first = stateChange(gpus[0]!, 'running', '2026-11-25T09:00:00Z', 'evt-state-0');
    const call = runInstances(gpus, 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-gpu');
    const rows = running('2026-11-25T09:05:00Z', first, call);
    expect(rows.map((row) => row.launchEventId)).toEqual(['evt-gpu', 'evt-gpu']);
    const fired = new Set([launchAlertDedupeKey('rule-1', 'evt-state-0')]);
    expect(judge(rows, { single: { usdPerHour: 20 } }, { now: '2026-11-25T09:05:00Z', fired })).toEqual([]);
  });

  it('stays quiet under the amount', () => {
    const rows = running(
      '2026-11-25T09:01:00Z',
      runInstances(ids('web', 3), 'm5.large', '2026-11-25T09:00:00Z'),
    );
    expect(judge(rows, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:01:00Z' })).toEqual([]);
  });

  it('does not fire again for the same event: a redelivery or the next evaluation finds its key fired', () => {
    const gpu = runInstances(ids('gpu', 8), 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-gpu');
    const rows = running('2026-11-25T09:20:00Z', gpu, gpu);
    const fired = new Set([launchAlertDedupeKey('rule-1', 'evt-gpu')]);
    expect(judge(rows, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:20:00Z', fired })).toEqual([]);
  });

  it('does not fire for a launch already stopped', () => {
    const rows = running(
      '2026-11-25T10:00:00Z',
      runInstances(['i-gpu0'], 'p4d.24xlarge', '2026-11-25T09:00:00Z'),
      stateChange('i-gpu0', 'terminated', '2026-11-25T09:30:00Z'),
    );
    expect(judge(rows, { single: { usdPerHour: 20 } }, { now: '2026-11-25T10:00:00Z' })).toEqual([]);
  });

  it('lists an unpriced instance of a firing launch as unknown, and counts only the priced ones', () => {
    const unknownType = runInstances(['i-x0', 'i-x1'], 'p9.mystery', '2026-11-25T09:00:00Z', 'evt-mixed');
    const rows = [
      ...running('2026-11-25T09:01:00Z', unknownType),
      ...running(
        '2026-11-25T09:01:00Z',
        runInstances(ids('gpu', 2), 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-mixed'),
      ),
    ];
    const [firing] = judge(rows, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:01:00Z' });
    expect(firing!.launch.addedUsdPerHour).toBeCloseTo(65.55, 2);
    expect(firing!.unpriced.map((row) => row.resource.id)).toEqual(['i-x0', 'i-x1']);
  });
});

describe('a launch rule: launches within a window raise the run-rate by more than an amount', () => {
  const rise = { rise: { windowHours: 6, usdPerHour: 50 } };

  it('fires for the launch that carries the rise over the amount, naming the launches that made it', () => {
    const rows = running(
      '2026-11-25T12:00:00Z',
      runInstances(ids('a', 40), 'g5.xlarge', '2026-11-25T09:00:00Z', 'evt-a'),
      runInstances(ids('b', 20), 'g5.xlarge', '2026-11-25T11:00:00Z', 'evt-b'),
    );
    const firings = judge(rows, rise, { now: '2026-11-25T12:00:00Z' });
    expect(firings.map((firing) => firing.launch.launchEventId)).toEqual(['evt-b']);
    expect(firings[0]!.rise).toMatchObject({ usdPerHour: 60.36, limit: 50 });
    expect(firings[0]!.rise!.launches.map((launch) => launch.launchEventId)).toEqual(['evt-a', 'evt-b']);
  });

  it('alerts again only when the launches since the last alert rise by the amount again', () => {
    const events = ['09', '10', '11', '12'].map((hour, index) =>
      runInstances(ids(`s${index}`, 30), 'g5.xlarge', `2026-11-25T${hour}:00:00Z`, `evt-${hour}`),
    );
    const rows = running('2026-11-25T12:30:00Z', ...events);
    const firings = judge(rows, rise, { now: '2026-11-25T12:30:00Z' });
    // $30.18 an hour each: the second and the fourth launch each complete another $50 of rise.
    expect(firings.map((firing) => firing.launch.launchEventId)).toEqual(['evt-10', 'evt-12']);
    const fired = new Set(firings.map((firing) => firing.dedupeKey));
    expect(judge(rows, rise, { now: '2026-11-25T12:45:00Z', fired })).toEqual([]);
  });

  it('leaves out launches older than the window', () => {
    const rows = running(
      '2026-11-25T20:00:00Z',
      runInstances(ids('a', 40), 'g5.xlarge', '2026-11-25T09:00:00Z', 'evt-a'),
      runInstances(ids('b', 20), 'g5.xlarge', '2026-11-25T19:00:00Z', 'evt-b'),
    );
    expect(judge(rows, rise, { now: '2026-11-25T20:00:00Z' })).toEqual([]);
  });
});

describe('a launch rule: the live run-rate carries a budget over its amount before the period ends', () => {
  const november = {
    periodKey: '2026-11',
    periodStartMs: at('2026-11-01T00:00:00Z'),
    periodEndMs: at('2026-12-01T00:00:00Z'),
  };
  const budget = (billProjection: number): BudgetUnderWatch => ({
    id: 'budget-1',
    name: 'Production',
    amount: 10_000,
    billProjection,
    commitmentEnds: [],
    ...november,
    watches: () => true,
  });

  it('fires for the launch whose hours to the month end carry the projection over the amount', () => {
    // 8 × m5.large for the last 5 days: $0.768 × 120 h = $92.16.
    const rows = running(
      '2026-11-26T00:00:00Z',
      runInstances(ids('m', 8), 'm5.large', '2026-11-26T00:00:00Z', 'evt-m'),
    );
    const [firing] = judge(
      rows,
      { budgets: true },
      { now: '2026-11-26T00:00:00Z', budgets: [budget(9_950)] },
    );
    expect(firing!.budgets).toEqual([
      expect.objectContaining({
        budgetId: 'budget-1',
        billProjection: 9_950,
        liveUsd: 92.16,
        projected: 10_042.16,
      }),
    ]);
  });

  it('stays quiet when the bill forecast was over the amount already (the budget alert says so)', () => {
    const rows = running(
      '2026-11-26T00:00:00Z',
      runInstances(ids('m', 8), 'm5.large', '2026-11-26T00:00:00Z'),
    );
    expect(
      judge(rows, { budgets: true }, { now: '2026-11-26T00:00:00Z', budgets: [budget(10_500)] }),
    ).toEqual([]);
  });

  it("adds the live run-rate to a budget's forecast for the hours left in its period", () => {
    const rows = running(
      '2026-11-26T00:00:00Z',
      runInstances(ids('m', 8), 'm5.large', '2026-11-26T00:00:00Z'),
    );
    expect(liveAdditionToBudget(rows, budget(0))).toEqual({ usd: 92.16, unpriced: [] });
  });
});

describe('what a launch rule and a budget watch', () => {
  it("narrows the rule's accounts by its team's accounts", () => {
    expect(launchScopeOf([], null)).toEqual({ accounts: 'all', tagsNotChecked: false });
    expect(launchScopeOf([], { accountIds: ['111111111111'], tags: [] })).toEqual({
      accounts: ['111111111111'],
      tagsNotChecked: false,
    });
    expect(
      launchScopeOf(['111111111111', '222222222222'], { accountIds: ['222222222222'], tags: [] }),
    ).toEqual({
      accounts: ['222222222222'],
      tagsNotChecked: false,
    });
  });

  it('watches every account for a team scope of tags only, and says the tags were not checked', () => {
    expect(launchScopeOf([], { accountIds: [], tags: [{ key: 'team', value: 'ml' }] })).toEqual({
      accounts: 'all',
      tagsNotChecked: true,
    });
  });

  it("counts only launches in the scope's accounts", () => {
    const rows = running(
      '2026-11-25T09:01:00Z',
      runInstances(ids('gpu', 8), 'p4d.24xlarge', '2026-11-25T09:00:00Z'),
    );
    expect(
      judge(
        rows,
        { single: { usdPerHour: 50 } },
        { now: '2026-11-25T09:01:00Z', accounts: ['999999999999'] },
      ),
    ).toEqual([]);
    expect(
      judge(rows, { single: { usdPerHour: 50 } }, { now: '2026-11-25T09:01:00Z', accounts: [ACCOUNT] }),
    ).toHaveLength(1);
  });

  it('gives a budget the rows of its accounts and services, and none when it is filtered on a tag', () => {
    const [row] = running('2026-11-25T09:01:00Z', runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z'));
    const filter = { accountIds: [] as string[], services: [] as string[], tag: null };
    expect(budgetWatchesRow(filter, row!)).toBe(true);
    expect(budgetWatchesRow({ ...filter, services: ['AmazonRDS'] }, row!)).toBe(false);
    expect(budgetWatchesRow({ ...filter, services: ['Amazon Elastic Compute Cloud'] }, row!)).toBe(true);
    expect(budgetWatchesRow({ ...filter, accountIds: ['111111111111'] }, row!)).toBe(false);
    expect(budgetWatchesRow({ ...filter, tag: { key: 'team', value: 'ml' } }, row!)).toBe(false);
  });

  it('gives a budget scoped to other clouds no AWS launches, and one that names AWS all of them', () => {
    const [row] = running('2026-11-25T09:01:00Z', runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z'));
    const filter = { accountIds: [] as string[], services: [] as string[], tag: null };
    expect(budgetWatchesRow({ ...filter, providers: ['Microsoft'] }, row!)).toBe(false);
    expect(budgetWatchesRow({ ...filter, providers: ['Microsoft', 'AWS'] }, row!)).toBe(true);
    expect(budgetWatchesRow({ ...filter, providers: [] }, row!)).toBe(true);
  });
});
