import { describe, expect, it } from 'vitest';
import { readLaunchEvent } from './launch-changes.ts';
import {
  ACCOUNT,
  cloudTrailCall,
  envelope,
  instancesCall,
  runInstances,
  stateChange,
  WHO,
} from './testing/launch-event-fixtures.ts';

function changesOf(event: unknown) {
  const read = readLaunchEvent(JSON.stringify(event));
  if (!read.ok) throw new Error(read.rejection.message);
  return read.value.changes;
}

describe('what an event changes in the ledger', () => {
  it('turns RunInstances of eight GPU instances into eight priced-to-be starts by the caller', () => {
    const ids = Array.from({ length: 8 }, (_, index) => `i-0gpu${index}`);
    const changes = changesOf(runInstances(ids, 'p4d.24xlarge', '2026-11-25T09:00:00Z'));
    expect(changes).toHaveLength(8);
    expect(changes[0]).toMatchObject({
      action: 'start',
      eventName: 'RunInstances',
      resource: { kind: 'ec2-instance', id: 'i-0gpu0', type: 'p4d.24xlarge' },
      count: 1,
      region: 'us-east-1',
      accountId: ACCOUNT,
      who: WHO,
      at: '2026-11-25T09:00:00Z',
    });
    expect(new Set(changes.map((change) => change.changeId)).size).toBe(8);
  });

  it('reads state changes without a type or a caller, which only CloudTrail knows', () => {
    const [pending] = changesOf(stateChange('i-0a', 'pending', '2026-11-25T09:00:05Z'));
    expect(pending).toMatchObject({ action: 'start', eventName: 'state:pending', resource: { id: 'i-0a' } });
    expect(pending?.resource.type).toBeUndefined();
    expect(pending?.who).toBeUndefined();
    for (const state of ['stopping', 'stopped', 'shutting-down', 'terminated']) {
      expect(changesOf(stateChange('i-0a', state, '2026-11-25T10:00:00Z'))[0]?.action).toBe('stop');
    }
  });

  it('reads starts, stops, resizes, NAT gateways, databases and Auto Scaling groups', () => {
    const at = '2026-11-25T09:00:00Z';
    expect(changesOf(instancesCall('StartInstances', ['i-1', 'i-2'], at)).map((c) => c.action)).toEqual([
      'start',
      'start',
    ]);
    expect(changesOf(instancesCall('TerminateInstances', ['i-1'], at))[0]?.action).toBe('stop');
    const resized = cloudTrailCall('aws.ec2', 'ModifyInstanceAttribute', at, {
      requestParameters: { instanceId: 'i-1', instanceType: { value: 'm5.8xlarge' } },
    });
    expect(changesOf(resized)[0]).toMatchObject({ action: 'resize', resource: { type: 'm5.8xlarge' } });
    const nat = cloudTrailCall('aws.ec2', 'CreateNatGateway', at, {
      responseElements: { CreateNatGatewayResponse: { natGateway: { natGatewayId: 'nat-0abc' } } },
    });
    expect(changesOf(nat)[0]?.resource).toEqual({ kind: 'nat-gateway', id: 'nat-0abc' });
    const database = cloudTrailCall('aws.rds', 'CreateDBInstance', at, {
      requestParameters: {
        dBInstanceIdentifier: 'orders',
        dBInstanceClass: 'db.r6g.large',
        engine: 'postgres',
        multiAZ: true,
      },
    });
    expect(changesOf(database)[0]?.resource).toEqual({
      kind: 'rds-instance',
      id: 'orders',
      type: 'db.r6g.large',
      multiAz: true,
      engine: 'postgres',
    });
    const group = cloudTrailCall('aws.autoscaling', 'UpdateAutoScalingGroup', at, {
      requestParameters: { autoScalingGroupName: 'workers', desiredCapacity: 12 },
    });
    expect(changesOf(group)[0]).toMatchObject({
      action: 'resize',
      count: 12,
      resource: { kind: 'auto-scaling-group' },
    });
  });

  it('changes nothing for a modification that is not a size, and rejects failed calls and other events', () => {
    const at = '2026-11-25T09:00:00Z';
    const notASize = cloudTrailCall('aws.ec2', 'ModifyInstanceAttribute', at, {
      requestParameters: { instanceId: 'i-1', disableApiTermination: { value: true } },
    });
    expect(changesOf(notASize)).toEqual([]);
    const failed = cloudTrailCall('aws.ec2', 'RunInstances', at, {
      errorCode: 'InsufficientInstanceCapacity',
    });
    expect(readLaunchEvent(failed)).toMatchObject({ ok: false, rejection: { reason: 'failed-call' } });
    const other = envelope('Object Created', 'aws.s3', at, { bucket: { name: 'x' } });
    expect(readLaunchEvent(other)).toMatchObject({ ok: false, rejection: { reason: 'unsupported-event' } });
    const otherCall = cloudTrailCall('aws.iam', 'CreateUser', at, {});
    expect(readLaunchEvent(otherCall)).toMatchObject({
      ok: false,
      rejection: { reason: 'unsupported-event' },
    });
  });
});
