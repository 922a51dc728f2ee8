import {
  GetReservationUtilizationCommand,
  GetSavingsPlansCoverageCommand,
  GetSavingsPlansUtilizationCommand,
} from '@aws-sdk/client-cost-explorer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RDS_RESERVATION } from './company/rds-reservation.ts';
import { COMPUTE_SAVINGS_PLAN, RECENT_SAVINGS_PLAN } from './company/savings-plan.ts';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

/**
 * Cost Explorer's commitment reports from the company's purchases and its bill's usage (decision 130):
 * what the purchases say, read back through the SDK; a linked account's view; the requests refused.
 */
let simulator: AwsSimulator;
let ce: ReturnType<typeof simulatorClients>['costExplorer'];
const days = { TimePeriod: { Start: '2026-11-01', End: '2026-11-08' }, Granularity: 'DAILY' as const };

beforeAll(async () => {
  ({ simulator } = await startTestSimulator());
  ce = simulatorClients(simulator).costExplorer;
});
afterAll(async () => {
  await simulator.close();
});

describe("the simulator's Cost Explorer commitment reports", () => {
  it("commits the Compute plan's hourly commitment each day, and knows nothing of a plan before its start", async () => {
    const plan = await ce.send(
      new GetSavingsPlansUtilizationCommand({
        ...days,
        Filter: { Dimensions: { Key: 'SAVINGS_PLAN_ARN', Values: [COMPUTE_SAVINGS_PLAN.arn] } },
      }),
    );
    expect(plan.SavingsPlansUtilizationsByTime).toHaveLength(7);
    for (const day of plan.SavingsPlansUtilizationsByTime ?? [])
      expect(day.Utilization?.TotalCommitment).toBe(
        (COMPUTE_SAVINGS_PLAN.hourlyCommitmentUsd * 24).toFixed(8),
      );
    expect(plan.Total?.Utilization?.UtilizationPercentage).toMatch(/^\d{1,3}\.\d{2}$/);
    const recent = await ce.send(
      new GetSavingsPlansUtilizationCommand({
        ...days,
        Filter: { Dimensions: { Key: 'SAVINGS_PLAN_ARN', Values: [RECENT_SAVINGS_PLAN.arn] } },
      }),
    );
    expect(recent.SavingsPlansUtilizationsByTime).toEqual([]);
  });

  it('reports the reservation two thirds used: three bought, two databases running', async () => {
    const answer = await ce.send(new GetReservationUtilizationCommand(days));
    const total = answer.Total!;
    expect(total.PurchasedHours).toBe((7 * 24 * RDS_RESERVATION.reservedCount).toFixed(8));
    expect(total.TotalActualHours).toBe((7 * 24 * RDS_RESERVATION.databases.length).toFixed(8));
    expect(total.UtilizationPercentage).toBe('66.67');
    expect(total.AmortizedRecurringFee).toBe(
      (7 * 24 * RDS_RESERVATION.reservedCount * RDS_RESERVATION.recurringUsdPerHour).toFixed(8),
    );
  });

  it("shows a linked account only its own: it owns no commitment, and its coverage is its own usage's", async () => {
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging')!;
    const credentials = await assumeRole(simulator, staging.demoRoleArn, simulator.company.demoExternalId);
    const linked = simulatorClients(simulator, { credentials }).costExplorer;
    const plans = await linked.send(new GetSavingsPlansUtilizationCommand(days));
    expect(plans.SavingsPlansUtilizationsByTime).toEqual([]);
    const own = await linked.send(new GetSavingsPlansCoverageCommand(days));
    const filtered = await ce.send(
      new GetSavingsPlansCoverageCommand({
        ...days,
        Filter: { Dimensions: { Key: 'LINKED_ACCOUNT', Values: [staging.id] } },
      }),
    );
    expect(own.SavingsPlansCoverages).toEqual(filtered.SavingsPlansCoverages);
  });

  it('refuses a filter on a dimension it does not offer, a grouping and an hourly report', async () => {
    const refused = (input: object) =>
      ce.send(new GetReservationUtilizationCommand({ ...days, ...input })).then(
        () => 'accepted',
        (error: { name: string }) => error.name,
      );
    expect(await refused({ Filter: { Dimensions: { Key: 'REGION', Values: ['us-east-1'] } } })).toBe(
      'ValidationException',
    );
    expect(
      await refused({
        Filter: { Dimensions: { Key: 'SAVINGS_PLAN_ARN', Values: [COMPUTE_SAVINGS_PLAN.arn] } },
      }),
    ).toBe('ValidationException');
    expect(await refused({ GroupBy: [{ Type: 'DIMENSION', Key: 'SUBSCRIPTION_ID' }] })).toBe(
      'ValidationException',
    );
    expect(await refused({ Granularity: 'HOURLY' })).toBe('ValidationException');
  });
});
