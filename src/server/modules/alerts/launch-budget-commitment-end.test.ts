import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetView } from '../../../contracts/alerts.ts';
import { eachDay } from '../../../domain/calendar-days.ts';
import { type LaunchAlertWorld, startLaunchAlertWorld } from '../../testing/launch-alert-fixtures.ts';
import {
  ingestCurLineItems,
  startLaunchEventPoller,
  viewerOf,
  waitUntil,
} from '../../testing/launch-event-fixtures.ts';
import { callAs } from '../../testing/organization-fixtures.ts';
import { billWithSavingsPlan, ENDING_PLAN } from '../../testing/savings-plan-bill.ts';

/**
 * A launch rule's budget condition starts from the same projection as the budget's own forecast: the
 * bill's trend with what a Savings Plan ending in the period adds (decision 137). The bill of November 1
 * to 11 holds a plan that ends on November 20: from then its usage, $90 a day On-Demand, costs $42 a
 * day more than its $48 fee, $462.00 to the month's end.
 */
const NOVEMBER_EXTRA = ((90 - 48) / 24) * 24 * eachDay('2026-11-20', '2026-11-30').length;
const BUDGET_REASON = 'If they keep running, budget Everything ends';
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe("a launch rule judging a budget whose period holds a commitment's end", () => {
  let world: LaunchAlertWorld;
  let budget: BudgetView;

  beforeAll(async () => {
    world = await startLaunchAlertWorld({
      ownerEmail: 'owner@plan-ends.test',
      integrationName: 'Acme Corp',
      today: new Date('2026-11-12T12:00:00Z'),
    });
    const { server, owner } = world;
    const as = callAs(server, owner);
    const { organizationId } = await viewerOf(server, owner);
    const uploads = await as('POST', '/api/integrations', { kind: 'upload', name: 'Bill' });
    expect(uploads.statusCode).toBe(201);
    const state = await ingestCurLineItems(
      server,
      { organizationId, integrationId: uploads.json().id },
      billWithSavingsPlan(eachDay('2026-11-01', '2026-11-11'), '2026-11-20T00:00:00.000Z'),
    );
    expect(state).toBe('succeeded');
    await startLaunchEventPoller(server, world.integrationId);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it("sets a budget a dollar above its forecast, the plan's end included, and a rule on it", async () => {
    const as = callAs(world.server, world.owner);
    const created = await as('POST', '/api/budgets', { name: 'Everything', amount_usd: 1_000_000 });
    expect(created.statusCode).toBe(201);
    const { status } = created.json() as BudgetView;
    const ending = status.forecast_commitment_ends.find((end) => end.commitment_id === ENDING_PLAN);
    expect(ending?.extra_usd).toBeCloseTo(NOVEMBER_EXTRA, 6);
    const amount = Math.ceil(status.forecast_usd ?? 0) + 1;
    const patched = await as('PATCH', `/api/budgets/${created.json().id}`, { amount_usd: amount });
    expect(patched.statusCode).toBe(200);
    budget = patched.json() as BudgetView;
    const rule = await as('POST', '/api/alert-rules', { kind: 'launch', settings: { budget_overrun: true } });
    expect(rule.statusCode).toBe(201);
  });

  it('names the projection it started from and the plan whose end it holds', async () => {
    const burst = world.simulator.launchGpuBurst({
      accountId: world.accountId,
      count: 8,
      userName: 'maya.chen',
    });
    expect(burst.delivered).toBe(true);
    const [mail] = await waitUntil(
      async () => world.catcher.mails.filter((entry) => entry.decoded.includes(BUDGET_REASON)),
      (mails) => mails.length === 1,
    );
    const projection = budget.status.forecast_usd ?? 0;
    // Without the end the rule would start from $462.00 less, and the mail would not name the plan.
    expect(mail?.decoded).toContain(`${usd(projection)} forecast from the bill data plus `);
    expect(mail?.decoded).toContain(
      `Includes ${usd(NOVEMBER_EXTRA)} more from Nov 20, when Compute Savings Plan ${ENDING_PLAN} ends.`,
    );
  });
});
