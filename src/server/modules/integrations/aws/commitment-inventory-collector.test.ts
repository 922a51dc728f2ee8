import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUEUED_SAVINGS_PLAN,
  RETIRED_EC2_RESERVATION,
} from '../../../../aws-sim/company/commitment-inventory.ts';
import { RDS_RESERVATION } from '../../../../aws-sim/company/rds-reservation.ts';
import { COMPUTE_SAVINGS_PLAN, RECENT_SAVINGS_PLAN } from '../../../../aws-sim/company/savings-plan.ts';
import type { AwsSimulator } from '../../../../aws-sim/index.ts';
import {
  assumeRole,
  startTestSimulator,
  type TestClock,
} from '../../../../aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../../../aws-simulator-access.ts';
import { collectCommitmentInventory } from './commitment-inventory-collector.ts';

describe('commitments inventory from the Savings Plans, EC2 and RDS APIs', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  it('lists the payer account plans and reservations with state, term, payment option and dates', async () => {
    const { commitments, outcomes } = await collectCommitmentInventory(
      simulatorAccess(simulator),
      undefined,
      ['us-east-1', 'eu-west-1'],
    );
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['ok', 'ok', 'ok']);
    const byId = new Map(commitments.map((commitment) => [commitment.commitmentId, commitment]));
    expect(byId.size).toBe(5);
    expect(byId.get(COMPUTE_SAVINGS_PLAN.arn)).toMatchObject({
      kind: 'savings-plan',
      state: 'active',
      offeringType: 'ComputeSavingsPlans',
      term: '3yr',
      paymentOption: 'No Upfront',
      hourlyCommitmentUsd: 0.54,
    });
    expect(byId.get(RECENT_SAVINGS_PLAN.arn)).toMatchObject({
      offeringType: 'EC2InstanceSavingsPlans',
      term: '1yr',
    });
    const queued = byId.get(QUEUED_SAVINGS_PLAN.arn);
    expect(queued?.state).toBe('queued');
    expect(queued?.startsAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(byId.get(RDS_RESERVATION.arn)).toMatchObject({
      kind: 'rds-reservation',
      region: 'us-east-1',
      state: 'active',
      term: '3yr',
      paymentOption: 'Partial Upfront',
      instanceType: 'db.r6g.2xlarge',
      instanceCount: 3,
      rates: expect.stringMatching(/^\$\d+\.\d{3} an hour per instance, \$[\d,.]+ upfront$/),
    });
    const retired = byId.get(RETIRED_EC2_RESERVATION.id);
    expect(retired).toMatchObject({
      kind: 'ec2-reservation',
      state: 'retired',
      term: '1yr',
      instanceCount: 2,
    });
    expect(retired?.endsAt?.getTime()).toBeLessThan(clock.now().getTime());
  });

  it('names the permission a role lacks and still lists what the other APIs answer', async () => {
    const roleArn = `arn:aws:iam::${simulator.company.managementAccountId}:role/OldStack`;
    simulator.registerRole(roleArn, 'old', { permissions: ['ec2:DescribeReservedInstances'] });
    const credentials = await assumeRole(simulator, roleArn, 'old');
    const { commitments, outcomes } = await collectCommitmentInventory(
      simulatorAccess(simulator),
      credentials,
      ['us-east-1'],
    );
    expect(outcomes).toEqual([
      expect.objectContaining({
        api: 'savings-plans',
        state: 'missing-permission',
        permission: 'savingsplans:DescribeSavingsPlans',
      }),
      expect.objectContaining({ api: 'ec2-reservations', state: 'ok' }),
      expect.objectContaining({
        api: 'rds-reservations',
        state: 'missing-permission',
        message: expect.stringContaining('rds:DescribeReservedDBInstances in us-east-1'),
      }),
    ]);
    expect(commitments.map((commitment) => commitment.commitmentId)).toEqual([RETIRED_EC2_RESERVATION.id]);
  });
});
