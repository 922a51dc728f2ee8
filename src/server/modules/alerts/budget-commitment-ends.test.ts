import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BudgetView, CreateBudgetInput } from '../../../contracts/alerts.ts';
import { eachDay } from '../../../domain/calendar-days.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { billWithSavingsPlan, ENDING_PLAN, PLAN_BILL_ACCOUNTS } from '../../testing/savings-plan-bill.ts';
import { fixedClock } from '../../testing/test-clock.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

const { payer: PAYER, workloads: WORKLOADS, data: DATA } = PLAN_BILL_ACCOUNTS;
const DATA_TAG = { key: 'team', value: 'data' };
/**
 * Each day the plan pays for $90 of usage On-Demand at $48: $1.75 an hour more once it ends on
 * November 20, in the workload account $60 of the $90 (decision 134's share), and $30 in the data
 * account's usage, which carries team=data (as 'user:team').
 */
const EXTRA_PER_HOUR = (90 - 48) / 24;
const NOVEMBER_EXTRA = EXTRA_PER_HOUR * 24 * eachDay('2026-11-20', '2026-11-30').length;
const QUARTER_EXTRA = EXTRA_PER_HOUR * 24 * eachDay('2026-11-20', '2026-12-31').length;
const forecastOnly = [{ percent: 100, basis: 'forecast' as const }];

interface Notification {
  kind: string;
  title: string;
  summary: string;
}

/**
 * Two organizations with the same November 1 to 11 bill: in the owner's the Savings Plan ends on
 * November 20, in the stranger's a year later. What the owner's budgets forecast beyond the stranger's
 * is what the end adds.
 */
describe("a budget's forecast with a Savings Plan ending within its period", () => {
  let { server, owner, stranger } = {} as OrganizationWorld;
  let directory: string;
  const baseline = new Map<string, BudgetView>();

  const budgetsOf = async (who: Person) =>
    ((await callAs(server, who)('GET', '/api/budgets')).json() as { budgets: BudgetView[] }).budgets;
  const create = async (who: Person, budget: CreateBudgetInput) => {
    const response = await callAs(server, who)('POST', '/api/budgets', budget);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as BudgetView;
  };
  const notificationsOf = async (who: Person) =>
    ((await callAs(server, who)('GET', '/api/notifications')).json() as { notifications: Notification[] })
      .notifications;
  const upload = async (who: Person, planEndsAt: string) => {
    const file = path.join(directory, `${who.userId}.parquet`);
    await writeCur2TestFile(
      file,
      billWithSavingsPlan(eachDay('2026-11-01', '2026-11-11'), planEndsAt).map((item) =>
        item.usageAccountId === DATA ? { ...item, tags: { 'user:team': 'data' } } : item,
      ),
      'parquet',
    );
    const uploads = uploadsAs(server, who.token);
    const id = await uploads.createUploadIntegration('bill');
    const card = await uploads.uploadAndReadCard(id, 'bill.parquet', readFileSync(file));
    expect(card.latest_run?.state).toBe('succeeded');
  };
  const scopes: Array<[string, Partial<CreateBudgetInput>]> = [
    ['Whole', {}],
    ['Workloads', { filter: { account_ids: [WORKLOADS] } }],
    ['Payer', { filter: { account_ids: [PAYER] } }],
    ['EC2', { filter: { services: ['Amazon Elastic Compute Cloud'] } }],
    ['Data tag', { filter: { tag: DATA_TAG } }],
    ['Workloads data tag', { filter: { account_ids: [WORKLOADS], tag: DATA_TAG } }],
    ['Quarter', { period: 'quarterly' }],
  ];

  beforeAll(async () => {
    ({ server, owner, stranger } = await startOrganizationWorld({
      trials: ['owner', 'stranger'],
      app: { clock: fixedClock('2026-11-12T12:00:00Z') },
    }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'budget-commitment-ends-'));
    await upload(owner, '2026-11-20T00:00:00.000Z');
    await upload(stranger, '2027-11-20T00:00:00.000Z');
    for (const [name, shape] of scopes) {
      const view = await create(stranger, { name, amount_usd: 1e9, thresholds: forecastOnly, ...shape });
      baseline.set(name, view);
    }
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('fires the forecast alert once, naming the plan, when only its end takes the projection over', async () => {
    const bill = baseline.get('Whole')!.status.forecast_usd!;
    expect(baseline.get('Whole')!.status.forecast_commitment_ends).toEqual([]);
    // Under the amount on the bill's trend, over it with what the end adds.
    const amount = bill + NOVEMBER_EXTRA / 2;
    const whole = await create(owner, { name: 'Whole', amount_usd: amount, thresholds: forecastOnly });
    const forecastAlerts = async () =>
      (await notificationsOf(owner)).filter((entry) => entry.title.startsWith('Whole budget is forecast'));
    await vi.waitFor(async () => expect(await forecastAlerts()).toHaveLength(1), { timeout: 20_000 });

    const [alert] = await forecastAlerts();
    expect(alert?.summary).toContain(
      `Includes $462.00 more from Nov 20, when Compute Savings Plan ${ENDING_PLAN} ends.`,
    );
    const [status] = (await budgetsOf(owner)).filter((budget) => budget.id === whole.id);
    expect(status?.status.forecast_usd).toBeCloseTo(bill + NOVEMBER_EXTRA, 6);
    expect(status?.status.forecast_commitment_ends).toEqual([
      {
        commitment_id: ENDING_PLAN,
        type: 'Compute Savings Plan',
        ends_at: '2026-11-20T00:00:00.000Z',
        ends_on: '2026-11-20',
        extra_usd: expect.closeTo(NOVEMBER_EXTRA, 6),
      },
    ]);
    expect(status?.status.thresholds[0]?.state).toBe('forecast-to-exceed');

    // Another evaluation of the same data (the next budget's creation runs one) sends nothing new.
    await create(owner, { name: 'Later', amount_usd: 1e9, thresholds: forecastOnly });
    await vi.waitFor(async () => {
      const later = (await budgetsOf(owner)).find((budget) => budget.name === 'Later');
      expect(later?.status.as_of).toBe('2026-11-11');
    });
    await create(owner, { name: 'Latest', amount_usd: 1e9, thresholds: forecastOnly });
    expect(await forecastAlerts()).toHaveLength(1);
  });

  it("carries the accounts' part of the end, none where the plan's usage is not, and the quarter's days", async () => {
    for (const [name, shape] of scopes.slice(1)) {
      await create(owner, { name, amount_usd: 1e9, thresholds: forecastOnly, ...shape });
    }
    const budgets = await budgetsOf(owner);
    const added = (name: string) => {
      const mine = budgets.find((budget) => budget.name === name)!.status;
      return {
        extra: mine.forecast_usd! - baseline.get(name)!.status.forecast_usd!,
        ends: mine.forecast_commitment_ends,
      };
    };
    expect(added('Workloads').extra).toBeCloseTo((NOVEMBER_EXTRA * 60) / 90, 6);
    // A tag budget carries the part of the usage under its tag (decision 142); with accounts, the part
    // in those accounts under it: none in the workload account carries team=data.
    expect(added('Data tag').extra).toBeCloseTo((NOVEMBER_EXTRA * 30) / 90, 6);
    expect(added('Data tag').ends.map((end) => end.commitment_id)).toEqual([ENDING_PLAN]);
    expect(added('Quarter').extra).toBeCloseTo(QUARTER_EXTRA, 6);
    // The payer account pays the plan's fee but runs none of its usage; the bill keeps that usage by
    // account and tag set, not by service: neither budget's forecast moves.
    expect(baseline.get('EC2')!.status.forecast_usd).toBeGreaterThan(0);
    for (const unchanged of ['Payer', 'EC2', 'Workloads data tag'])
      expect(added(unchanged)).toEqual({ extra: 0, ends: [] });
    const alerts = await notificationsOf(owner);
    expect(alerts.filter((entry) => /^(Payer|EC2|Workloads data tag) budget/.test(entry.title))).toEqual([]);
  });
});
