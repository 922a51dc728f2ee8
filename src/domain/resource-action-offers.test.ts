import { describe, expect, it } from 'vitest';
import {
  actionRoleCovers,
  type FindingForActions,
  findingActionOffers,
  ledgerRowActionOffers,
} from './resource-action-offers.ts';

const where = { accountId: '281947365012', region: 'us-east-1' };
const finding = (patch: Partial<FindingForActions>): FindingForActions => ({
  kind: 'idle-instance',
  ...where,
  resourceId: 'i-0abc123456789',
  tags: {},
  resource: null,
  ...patch,
});

describe('what a finding offers', () => {
  it('offers to stop an idle database, the DB instance it carries', () => {
    expect(
      findingActionOffers(
        finding({
          kind: 'idle-database',
          resourceId: 'auth-db',
          resource: { type: 'rds-db-instance', id: 'auth-db' },
        }),
      ),
    ).toEqual([{ kind: 'stop-database', resource: { ...where, type: 'rds-db-instance', id: 'auth-db' } }]);
  });

  it('offers to tag an idle or oversized instance for later', () => {
    for (const kind of ['idle-instance', 'rightsizing', 'previous-generation'])
      expect(findingActionOffers(finding({ kind }))).toEqual([
        { kind: 'tag-for-review', resource: { ...where, type: 'ec2-instance', id: 'i-0abc123456789' } },
      ]);
  });

  it('offers to set the group to 0 first for an instance an Auto Scaling group launched', () => {
    const offers = findingActionOffers(finding({ tags: { 'aws:autoscaling:groupName': 'api-prod-asg' } }));
    expect(offers.map((offer) => [offer.kind, offer.resource.type, offer.resource.id])).toEqual([
      ['scale-to-zero', 'auto-scaling-group', 'api-prod-asg'],
      ['tag-for-review', 'ec2-instance', 'i-0abc123456789'],
    ]);
  });

  it('offers nothing for a volume, a snapshot or an address: no action acts on them', () => {
    for (const kind of ['unattached-volume', 'old-snapshot', 'idle-address', 'idle-nat-gateway'])
      expect(findingActionOffers(finding({ kind, resourceId: 'vol-0abc' }))).toEqual([]);
  });
});

describe('what a launch ledger row offers', () => {
  const row = { ...where, resourceId: 'web-asg', running: true, count: 4 };

  it('offers to set a running group to 0, and nothing once it is at 0', () => {
    expect(ledgerRowActionOffers({ ...row, resourceKind: 'auto-scaling-group' })).toEqual([
      { kind: 'scale-to-zero', resource: { ...where, type: 'auto-scaling-group', id: 'web-asg' } },
    ]);
    expect(ledgerRowActionOffers({ ...row, resourceKind: 'auto-scaling-group', count: 0 })).toEqual([]);
  });

  it('offers to stop a running database and to tag a running instance', () => {
    expect(ledgerRowActionOffers({ ...row, resourceKind: 'rds-instance', resourceId: 'db-1' })[0]?.kind).toBe(
      'stop-database',
    );
    expect(
      ledgerRowActionOffers({ ...row, resourceKind: 'ec2-instance', resourceId: 'i-0abc' })[0]?.kind,
    ).toBe('tag-for-review');
  });

  it('offers nothing on an ended row or a NAT gateway', () => {
    expect(ledgerRowActionOffers({ ...row, resourceKind: 'rds-instance', running: false })).toEqual([]);
    expect(ledgerRowActionOffers({ ...row, resourceKind: 'nat-gateway' })).toEqual([]);
  });
});

describe('which resources an integration’s action role reaches', () => {
  const role = 'arn:aws:iam::281947365012:role/SpendguardActions';

  it('reaches its own account, not another one, and nothing while actions are off', () => {
    expect(actionRoleCovers(role, '281947365012')).toBe(true);
    expect(actionRoleCovers(role, '746251839027')).toBe(false);
    expect(actionRoleCovers(null, '281947365012')).toBe(false);
  });
});
