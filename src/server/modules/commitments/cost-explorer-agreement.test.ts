import {
  type CostExplorerClient,
  GetReservationCoverageCommand,
  GetReservationUtilizationCommand,
  GetSavingsPlansCoverageCommand,
  GetSavingsPlansUtilizationCommand,
} from '@aws-sdk/client-cost-explorer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { startTestSimulator, type TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { CommitmentsView } from '../../../contracts/commitments.ts';
import { addDays, eachDay, isoDayInTimeZone } from '../../../domain/calendar-days.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { bearer, signUpVerifiedPerson } from '../../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Spendguard's utilization, unused commitment, coverage and on-demand equivalent, read from the CUR,
 * agree with what Cost Explorer's commitment reports answer for the same days and months (decision 130).
 * Cost Explorer writes its amounts rounded to 8 decimal places and its percentages to 2, so amounts
 * must agree within 1e-6 USD (or hours) and percentages within half of their last written digit.
 */
const MONEY = 1e-6;
const PERCENT = 0.005 + 1e-9;

let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let headers: { authorization: string };
let integrationId: string;
let ce: CostExplorerClient;
let days: string[];

const view = async (query: string) => {
  const response = await server.app.inject({
    url: `/api/commitments?integration=${integrationId}&${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CommitmentsView;
};
const close = (actual: number | null | undefined, expected: string | undefined, tolerance = MONEY) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(Number(actual) - Number(expected ?? Number.NaN))).toBeLessThanOrEqual(tolerance);
};
const nextDay = (day: string) => addDays(day, 1);

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  server = await createTestApp({ aws: simulatorAccess(simulator), clock });
  const { token } = await signUpVerifiedPerson(server, { email: 'finance@agreement.test' });
  headers = bearer(token);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers,
    payload: { kind: 'aws-demo' },
  });
  expect(created.statusCode, created.body).toBe(201);
  integrationId = created.json().id;
  ce = simulatorClients(simulator).costExplorer;
  // The last 30 finished days: today is still being billed.
  const yesterday = addDays(isoDayInTimeZone(clock.now(), 'UTC'), -1);
  days = eachDay(addDays(yesterday, -29), yesterday);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

/** The windows compared: each of the 30 days, and two whole months and the month so far. */
function windows(): { daily: Window[]; monthly: Window[] } {
  const last = days.at(-1)!;
  const thisMonth = `${last.slice(0, 7)}-01`;
  const previous = addDays(thisMonth, -1).slice(0, 7);
  const before = addDays(`${previous}-01`, -1).slice(0, 7);
  const monthEnd = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
  return {
    daily: days.map((day) => ({ from: day, to: day, granularity: 'day' })),
    monthly: [
      { from: `${before}-01`, to: monthEnd(before), granularity: 'month' },
      { from: `${previous}-01`, to: monthEnd(previous), granularity: 'month' },
      { from: thisMonth, to: last, granularity: 'month' },
    ],
  };
}

interface Window {
  from: string;
  to: string;
  granularity: 'day' | 'month';
}
const ceRange = (list: Window[], granularity: 'DAILY' | 'MONTHLY') => ({
  TimePeriod: { Start: list[0]!.from, End: nextDay(list.at(-1)!.to) },
  Granularity: granularity,
});
const viewOf = (window: Window) =>
  view(`from=${window.from}&to=${window.to}&granularity=${window.granularity}`);

describe.each([
  ['day', 'DAILY'],
  ['month', 'MONTHLY'],
] as const)("Spendguard and Cost Explorer's commitment reports, per %s", (bucket, granularity) => {
  const list = () => (bucket === 'day' ? windows().daily : windows().monthly);

  it("agree on each Savings Plan's commitment, use, unused dollars, utilization and on-demand equivalent", async () => {
    const first = await viewOf(list()[0]!);
    const plans = first.commitments.filter((row) => row.kind === 'savings-plan' && row.source !== 'aws-api');
    expect(plans.length).toBe(2);
    for (const plan of plans) {
      const answer = await ce.send(
        new GetSavingsPlansUtilizationCommand({
          ...ceRange(list(), granularity),
          Filter: { Dimensions: { Key: 'SAVINGS_PLAN_ARN', Values: [plan.id] } },
        }),
      );
      const byStart = new Map(
        (answer.SavingsPlansUtilizationsByTime ?? []).map((entry) => [entry.TimePeriod?.Start, entry]),
      );
      let compared = 0;
      for (const window of list()) {
        const row = (await viewOf(window)).commitments.find((one) => one.id === plan.id)!;
        const reported = byStart.get(window.from);
        if (!reported) {
          // Before a plan's start Cost Explorer has no period for it, and Spendguard no commitment.
          expect(row.total_commitment_usd).toBe(0);
          continue;
        }
        compared += 1;
        close(row.total_commitment_usd, reported.Utilization?.TotalCommitment);
        close(row.used_commitment_usd, reported.Utilization?.UsedCommitment);
        close(row.unused_commitment_usd, reported.Utilization?.UnusedCommitment);
        close(row.utilization_percent, reported.Utilization?.UtilizationPercentage, PERCENT);
        close(row.on_demand_equivalent_usd, reported.Savings?.OnDemandCostEquivalent);
        close(row.net_savings_usd, reported.Savings?.NetSavings);
      }
      expect(compared).toBeGreaterThan(0);
    }
  });

  it("agree on the reservation's amortized fee, its unused hours' cost, utilization and on-demand equivalent", async () => {
    const answer = await ce.send(new GetReservationUtilizationCommand(ceRange(list(), granularity)));
    const periods = answer.UtilizationsByTime ?? [];
    expect(periods).toHaveLength(list().length);
    for (const [index, window] of list().entries()) {
      const reservations = (await viewOf(window)).commitments.filter(
        (row) => row.kind === 'reservation' && row.source !== 'aws-api',
      );
      // One reservation is billed, so Cost Explorer's total is that reservation's.
      expect(reservations).toHaveLength(1);
      const row = reservations[0]!;
      const reported = periods[index]!;
      expect(reported.TimePeriod?.Start).toBe(window.from);
      const total = reported.Total!;
      close(row.total_commitment_usd, total.TotalAmortizedFee);
      close(row.unused_commitment_usd, total.RICostForUnusedHours);
      close(
        row.used_commitment_usd,
        String(Number(total.TotalAmortizedFee) - Number(total.RICostForUnusedHours)),
      );
      close(row.utilization_percent, total.UtilizationPercentage, PERCENT);
      close(row.on_demand_equivalent_usd, total.OnDemandCostOfRIHoursUsed);
      close(row.net_savings_usd, total.NetRISavings);
    }
  });

  it('agree on the coverage of eligible usage by Savings Plans (dollars) and by reservations (hours)', async () => {
    const plans = await ce.send(new GetSavingsPlansCoverageCommand(ceRange(list(), granularity)));
    const reservations = await ce.send(new GetReservationCoverageCommand(ceRange(list(), granularity)));
    for (const [index, window] of list().entries()) {
      const { coverage } = await viewOf(window);
      const sp = coverage.find((row) => row.kind === 'savings-plan')!;
      const spReported = plans.SavingsPlansCoverages?.[index];
      expect(spReported?.TimePeriod?.Start).toBe(window.from);
      close(sp.covered_on_demand_usd, spReported?.Coverage?.SpendCoveredBySavingsPlans);
      close(sp.eligible_on_demand_usd, spReported?.Coverage?.TotalCost);
      close(sp.cost_coverage_percent, spReported?.Coverage?.CoveragePercentage, PERCENT);
      const ri = coverage.find((row) => row.kind === 'reservation')!;
      const riReported = reservations.CoveragesByTime?.[index]?.Total;
      close(ri.covered_hours, riReported?.CoverageHours?.ReservedHours);
      close(ri.eligible_hours, riReported?.CoverageHours?.TotalRunningHours);
      close(ri.hours_coverage_percent, riReported?.CoverageHours?.CoverageHoursPercentage, PERCENT);
      close(
        Number(ri.eligible_on_demand_usd) - Number(ri.covered_on_demand_usd),
        riReported?.CoverageCost?.OnDemandCost,
      );
    }
  });
});
