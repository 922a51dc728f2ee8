import { describe, expect, it } from 'vitest';
import { commitmentTypeLabel, isEligibleUsage } from './commitment-eligibility.ts';

describe('commitment eligibility', () => {
  it('counts EC2 instance hours for both kinds, RDS instance hours for reservations only', () => {
    expect(isEligibleUsage('savings-plan', 'AmazonEC2', 'USE1-BoxUsage:m5.large')).toBe(true);
    expect(isEligibleUsage('reservation', 'AmazonEC2', 'USE1-BoxUsage:m5.large')).toBe(true);
    expect(isEligibleUsage('savings-plan', 'AmazonRDS', 'InstanceUsage:db.r6g.2xlarge')).toBe(false);
    expect(isEligibleUsage('reservation', 'AmazonRDS', 'InstanceUsage:db.r6g.2xlarge')).toBe(true);
  });

  it('leaves storage, transfer and requests out', () => {
    expect(isEligibleUsage('savings-plan', 'AmazonEC2', 'EBS:VolumeUsage.gp3')).toBe(false);
    expect(isEligibleUsage('reservation', 'AmazonRDS', 'RDS:GP3-Storage')).toBe(false);
    expect(isEligibleUsage('savings-plan', 'AWSLambda', 'Request')).toBe(false);
  });

  it('names each commitment type, and keeps an unknown offering in its own words', () => {
    expect(commitmentTypeLabel('savings-plan', 'ComputeSavingsPlans')).toBe('Compute Savings Plan');
    expect(commitmentTypeLabel('savings-plan', 'EC2InstanceSavingsPlans')).toBe('EC2 Instance Savings Plan');
    expect(commitmentTypeLabel('reservation', 'AmazonRDS')).toBe('RDS Reserved Instance');
    expect(commitmentTypeLabel('reservation', 'AmazonNeptune')).toBe('Reservation (AmazonNeptune)');
    expect(commitmentTypeLabel('savings-plan', '')).toBe('Savings Plan');
  });
});
