import { DescribeReservedInstancesCommand } from '@aws-sdk/client-ec2';
import { DescribeReservedDBInstancesCommand } from '@aws-sdk/client-rds';
import { DescribeSavingsPlansCommand, type SavingsPlan } from '@aws-sdk/client-savingsplans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUED_SAVINGS_PLAN, RETIRED_EC2_RESERVATION } from './company/commitment-inventory.ts';
import { RDS_RESERVATION } from './company/rds-reservation.ts';
import { COMPUTE_SAVINGS_PLAN, RECENT_SAVINGS_PLAN } from './company/savings-plan.ts';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

const DAY_MS = 86_400_000;

describe('Savings Plans and reservations listed by the AWS APIs', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  async function everyPlan(maxResults?: number) {
    const { savingsPlans } = simulatorClients(simulator);
    const plans: SavingsPlan[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await savingsPlans.send(new DescribeSavingsPlansCommand({ maxResults, nextToken }));
      plans.push(...(page.savingsPlans ?? []));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken);
    return { plans, pages };
  }

  it('pages through the payer account plans: the two the bill charges for and a queued one', async () => {
    const { plans, pages } = await everyPlan(1);
    expect(pages).toBe(3);
    const byArn = new Map(plans.map((plan) => [plan.savingsPlanArn, plan]));
    expect(byArn.get(COMPUTE_SAVINGS_PLAN.arn)).toMatchObject({
      state: 'active',
      savingsPlanType: 'Compute',
      paymentOption: 'No Upfront',
      commitment: '0.540',
      termDurationInSeconds: 3 * 365 * 86_400,
    });
    expect(byArn.get(RECENT_SAVINGS_PLAN.arn)).toMatchObject({
      state: 'active',
      savingsPlanType: 'EC2Instance',
      commitment: '2.500',
    });
    const queued = byArn.get(QUEUED_SAVINGS_PLAN.arn);
    expect(queued?.state).toBe('queued');
    expect(Date.parse(queued?.start ?? '')).toBeGreaterThan(clock.now().getTime());
  });

  it('filters by state, and a queued plan turns active once its start has passed', async () => {
    const { savingsPlans } = simulatorClients(simulator);
    const queued = await savingsPlans.send(new DescribeSavingsPlansCommand({ states: ['queued'] }));
    expect(queued.savingsPlans?.map((plan) => plan.savingsPlanArn)).toEqual([QUEUED_SAVINGS_PLAN.arn]);
    const before = clock.now();
    clock.advance((QUEUED_SAVINGS_PLAN.startsDaysAfterAnchor + 1) * DAY_MS);
    try {
      const later = await savingsPlans.send(new DescribeSavingsPlansCommand({ states: ['queued'] }));
      expect(later.savingsPlans).toEqual([]);
      const { plans } = await everyPlan();
      expect(plans.find((plan) => plan.savingsPlanArn === QUEUED_SAVINGS_PLAN.arn)?.state).toBe('active');
    } finally {
      clock.set(before);
    }
  });

  it('lists no plan in a linked account, which bought none', async () => {
    const staging = simulator.company.accounts.find(
      (account) => account.id !== simulator.company.managementAccountId,
    );
    const roleArn = `arn:aws:iam::${staging?.id}:role/SpendguardReadOnly`;
    simulator.registerRole(roleArn, 'linked');
    const credentials = await assumeRole(simulator, roleArn, 'linked');
    const { savingsPlans, rds } = simulatorClients(simulator, { credentials });
    expect((await savingsPlans.send(new DescribeSavingsPlansCommand({}))).savingsPlans).toEqual([]);
    expect((await rds.send(new DescribeReservedDBInstancesCommand({}))).ReservedDBInstances).toEqual([]);
  });

  it('lists the retired EC2 reservation that the billed months no longer show', async () => {
    const { ec2 } = simulatorClients(simulator);
    const answer = await ec2.send(new DescribeReservedInstancesCommand({}));
    expect(answer.ReservedInstances).toHaveLength(1);
    expect(answer.ReservedInstances?.[0]).toMatchObject({
      ReservedInstancesId: RETIRED_EC2_RESERVATION.id,
      InstanceType: 'm5.large',
      InstanceCount: 2,
      State: 'retired',
      OfferingType: 'No Upfront',
      RecurringCharges: [{ Frequency: 'Hourly', Amount: RETIRED_EC2_RESERVATION.recurringUsdPerHour }],
    });
    const { ec2: europe } = simulatorClients(simulator, { region: 'eu-west-1' });
    expect((await europe.send(new DescribeReservedInstancesCommand({}))).ReservedInstances).toEqual([]);
  });

  it('lists the RDS reservation the bill charges for, paged by MaxRecords', async () => {
    const { rds } = simulatorClients(simulator);
    const answer = await rds.send(new DescribeReservedDBInstancesCommand({ MaxRecords: 20 }));
    expect(answer.Marker).toBeUndefined();
    expect(answer.ReservedDBInstances).toHaveLength(1);
    expect(answer.ReservedDBInstances?.[0]).toMatchObject({
      ReservedDBInstanceArn: RDS_RESERVATION.arn,
      DBInstanceClass: 'db.r6g.2xlarge',
      DBInstanceCount: 3,
      State: 'active',
      OfferingType: 'Partial Upfront',
      Duration: 3 * 8760 * 3600,
    });
    await expect(rds.send(new DescribeReservedDBInstancesCommand({ MaxRecords: 5 }))).rejects.toMatchObject({
      name: 'ValidationError',
    });
  });

  it('refuses each call to a role without its permission, in each service words', async () => {
    const roleArn = `arn:aws:iam::${simulator.company.managementAccountId}:role/NoCommitments`;
    simulator.registerRole(roleArn, 'x', {
      permissions: ['rds:DescribeDBInstances', 'ec2:DescribeInstances'],
    });
    const credentials = await assumeRole(simulator, roleArn, 'x');
    const { savingsPlans, ec2, rds } = simulatorClients(simulator, { credentials });
    await expect(savingsPlans.send(new DescribeSavingsPlansCommand({}))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('savingsplans:DescribeSavingsPlans'),
    });
    await expect(ec2.send(new DescribeReservedInstancesCommand({}))).rejects.toMatchObject({
      name: 'UnauthorizedOperation',
    });
    await expect(rds.send(new DescribeReservedDBInstancesCommand({}))).rejects.toMatchObject({
      message: expect.stringContaining('rds:DescribeReservedDBInstances'),
    });
  });
});
