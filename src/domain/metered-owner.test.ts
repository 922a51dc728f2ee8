import { describe, expect, it } from 'vitest';
import { meteredOwnerOf, meteredOwnerSentence, meteredResourceOfArn } from './metered-owner.ts';

describe('the owner of a metered resource', () => {
  it('is the owner tag the alerts trust, owner before team', () => {
    const read = { read: true as const, tags: { 'nat-1': { team: 'platform', owner: 'maya.chen' } } };
    expect(meteredOwnerOf(read, 'nat-1')).toEqual({ kind: 'tag', key: 'owner', value: 'maya.chen' });
    expect(meteredOwnerSentence(meteredOwnerOf(read, 'nat-1'))).toBe('Owner (its tag owner): maya.chen.');
  });

  it('says "no owner tag" when the tags name nobody, or the resource has none, never a guess', () => {
    const read = { read: true as const, tags: { 'fn-1': { project: 'checkout', env: 'production' } } };
    expect(meteredOwnerOf(read, 'fn-1')).toEqual({ kind: 'no-owner-tag' });
    expect(meteredOwnerOf(read, 'fn-untagged')).toEqual({ kind: 'no-owner-tag' });
    expect(meteredOwnerSentence({ kind: 'no-owner-tag' })).toBe('No owner tag.');
  });

  it('is not known, with the reason, when the tags could not be read', () => {
    const owner = meteredOwnerOf({ read: false, reason: 'the role lacks tag:GetResources' }, 'nat-1');
    expect(meteredOwnerSentence(owner)).toBe('Owner not known: the role lacks tag:GetResources.');
    expect(meteredOwnerOf(undefined, 'nat-1').kind).toBe('unknown');
  });
});

describe('the metered resource an ARN names', () => {
  it.each([
    ['arn:aws:ec2:us-east-1:111122223333:natgateway/nat-0ab', 'nat-gateway', 'nat-0ab'],
    ['arn:aws:ec2:us-east-1:111122223333:instance/i-0cd', 'ec2-egress', 'i-0cd'],
    ['arn:aws:lambda:us-east-1:111122223333:function:checkout-fn-01', 'lambda', 'checkout-fn-01'],
    ['arn:aws:lambda:us-east-1:111122223333:function:checkout-fn-01:live', 'lambda', 'checkout-fn-01'],
    ['arn:aws:logs:us-east-1:111122223333:log-group:/aws/app/prod-01:*', 'logs', '/aws/app/prod-01'],
    ['arn:aws:logs:us-east-1:111122223333:log-group:/aws/app/prod-01', 'logs', '/aws/app/prod-01'],
    ['arn:aws:dynamodb:us-east-1:111122223333:table/orders-table-01', 'dynamodb', 'orders-table-01'],
  ])('%s', (arn, service, resourceId) => {
    expect(meteredResourceOfArn(arn)).toEqual({ service, resourceId });
  });

  it('is none for a resource the meter does not read (a table index, a volume, a bucket)', () => {
    expect(meteredResourceOfArn('arn:aws:dynamodb:us-east-1:1:table/orders/index/by-day')).toBeNull();
    expect(meteredResourceOfArn('arn:aws:ec2:us-east-1:1:volume/vol-1')).toBeNull();
    expect(meteredResourceOfArn('arn:aws:s3:::bucket')).toBeNull();
  });
});
