import { describe, expect, it } from 'vitest';
import { isSameCommitment, listedCommitmentState, matchCommitmentSources } from './commitment-sources.ts';

const now = new Date('2026-12-07T10:00:00Z');
const plan = 'arn:aws:savingsplans::111122223333:savingsplan/0a7e';

describe('one commitment in the bill and in the AWS APIs', () => {
  it('is the same Savings Plan or RDS reservation by ARN, the same EC2 reservation by the id its ARN ends with', () => {
    expect(isSameCommitment(plan, plan)).toBe(true);
    expect(
      isSameCommitment('arn:aws:ec2:us-east-1:111122223333:reserved-instances/4b2d-8e61', '4b2d-8e61'),
    ).toBe(true);
    expect(isSameCommitment('arn:aws:ec2:us-east-1:111122223333:reserved-instances/4b2d-8e61', '8e61')).toBe(
      false,
    );
    expect(isSameCommitment(plan, '')).toBe(false);
  });

  it('says where each came from: the bill, the APIs, or both, the bill order first', () => {
    const matched = matchCommitmentSources(
      [{ commitmentId: plan }, { commitmentId: 'arn:aws:rds:us-east-1:1:ri:expired' }],
      [{ commitmentId: 'arn:aws:savingsplans::1:savingsplan/queued' }, { commitmentId: plan }],
    );
    expect(matched.map((row) => [row.source, row.bill?.commitmentId ?? row.api?.commitmentId])).toEqual([
      ['both', plan],
      ['bill', 'arn:aws:rds:us-east-1:1:ri:expired'],
      ['aws-api', 'arn:aws:savingsplans::1:savingsplan/queued'],
    ]);
  });
});

describe('the state of a commitment the APIs list', () => {
  const term = { startsAt: '2026-01-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' };

  it('is queued while AWS says queued, before its start', () => {
    expect(listedCommitmentState('queued', { startsAt: '2026-12-17T00:00:00Z', endsAt: null }, now)).toBe(
      'queued',
    );
    expect(listedCommitmentState('payment-pending', term, now)).toBe('queued');
  });

  it('is expired once retired, even before the end its term would have', () => {
    expect(listedCommitmentState('retired', term, now)).toBe('expired');
    expect(listedCommitmentState('active', term, now)).toBe('active');
  });
});
