import { describe, expect, it } from 'vitest';
import { type LaunchChange, readLaunchEvent } from './launch-changes.ts';
import { buildLiveLedger, EMPTY_LEDGER, foldLaunchChanges } from './live-ledger.ts';
import { cloudTrailCall, runInstances, stateChange, WHO } from './testing/launch-event-fixtures.ts';

function changes(...events: unknown[]): LaunchChange[] {
  return events.flatMap((event) => {
    const read = readLaunchEvent(event);
    return read.ok ? read.value.changes : [];
  });
}

describe('the live ledger', () => {
  it('opens one row a launched instance, with type and caller from CloudTrail and the state change merged in', () => {
    const ledger = buildLiveLedger(
      changes(
        stateChange('i-1', 'pending', '2026-11-25T09:00:02Z'),
        runInstances(['i-1'], 'p4d.24xlarge', '2026-11-25T09:00:00Z'),
        stateChange('i-1', 'running', '2026-11-25T09:00:30Z'),
      ),
    );
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.rows[0]).toMatchObject({
      resource: { id: 'i-1', type: 'p4d.24xlarge' },
      launchedBy: WHO,
      origin: 'launch',
      startedAt: '2026-11-25T09:00:00Z',
    });
    expect(ledger.rows[0]?.endedAt).toBeUndefined();
  });

  it('makes runs reported first by their state changes one launch when the RunInstances call comes', () => {
    const ledger = buildLiveLedger(
      changes(
        stateChange('i-1', 'pending', '2026-11-25T09:00:00Z', 'evt-s1'),
        stateChange('i-2', 'pending', '2026-11-25T09:00:00Z', 'evt-s2'),
        runInstances(['i-1', 'i-2'], 'p4d.24xlarge', '2026-11-25T09:00:01Z', 'evt-call'),
        stateChange('i-1', 'running', '2026-11-25T09:00:20Z', 'evt-s3'),
      ),
    );
    expect(ledger.rows.map((row) => row.launchEventId)).toEqual(['evt-call', 'evt-call']);
    expect(ledger.rows[0]?.startEventIds).toEqual(['evt-s1', 'evt-call', 'evt-s3']);
    expect(ledger.rows[0]?.startedAt).toBe('2026-11-25T09:00:00Z');
  });

  it('keys a launch by its call once the call is in, so two calls of the same second stay two launches', () => {
    const before = buildLiveLedger(
      changes(
        stateChange('i-1', 'pending', '2026-11-25T09:00:00Z', 'evt-s1'),
        stateChange('i-2', 'pending', '2026-11-25T09:00:00Z', 'evt-s2'),
        stateChange('i-3', 'pending', '2026-11-25T09:00:00Z', 'evt-s3'),
      ),
    );
    // Before any call: the runs of one second and place read as one launch.
    expect(new Set(before.rows.map((row) => row.launchKey)).size).toBe(1);
    const after = buildLiveLedger([
      ...before.changes,
      ...changes(
        runInstances(['i-1', 'i-2'], 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-call-a'),
        runInstances(['i-3'], 'p4d.24xlarge', '2026-11-25T09:00:00Z', 'evt-call-b'),
      ),
    ]);
    expect(after.rows.map((row) => row.launchKey)).toEqual([
      'call:evt-call-a',
      'call:evt-call-a',
      'call:evt-call-b',
    ]);
  });

  it('keeps a launch its CloudTrail call opened when a state change reports the same run', () => {
    const ledger = buildLiveLedger(
      changes(
        runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z', 'evt-call'),
        stateChange('i-1', 'running', '2026-11-25T09:00:00Z', 'evt-s1'),
      ),
    );
    expect(ledger.rows[0]?.launchEventId).toBe('evt-call');
  });

  it('counts an event delivered twice once, and says which changes were new', () => {
    const launch = runInstances(['i-1', 'i-2'], 'm5.large', '2026-11-25T09:00:00Z');
    const first = foldLaunchChanges(EMPTY_LEDGER, changes(launch));
    expect(first.fresh).toHaveLength(2);
    const again = foldLaunchChanges(first.ledger, changes(launch, launch));
    expect(again.fresh).toEqual([]);
    expect(again.duplicates).toHaveLength(4);
    expect(again.ledger.rows).toHaveLength(2);
    expect(new Set(again.ledger.rows.map((row) => row.launchEventId)).size).toBe(1);
  });

  it('keeps a RunInstances of many one launch when pending notifications of the same second or earlier come first', () => {
    const ids = ['i-1', 'i-2', 'i-3', 'i-4'];
    const launch = runInstances(
      ids,
      'p4d.24xlarge',
      '2026-11-25T09:00:00Z',
      'ffffffff-0000-4000-8000-000000000000',
    );
    const ledger = buildLiveLedger(
      changes(
        // Change ids sort before the call's, and one notification is a second early: each would open its row.
        stateChange('i-1', 'pending', '2026-11-25T09:00:00Z', '00000000-0000-4000-8000-00000000aa01'),
        stateChange('i-2', 'pending', '2026-11-25T09:00:00Z', '00000000-0000-4000-8000-00000000aa02'),
        stateChange('i-3', 'pending', '2026-11-25T08:59:59Z', '00000000-0000-4000-8000-00000000aa03'),
        launch,
        stateChange('i-4', 'running', '2026-11-25T09:00:20Z'),
      ),
    );
    expect(ledger.rows).toHaveLength(4);
    expect(new Set(ledger.rows.map((row) => row.launchEventId))).toEqual(new Set([launch.id]));
    expect(ledger.rows.every((row) => row.launchedBy === WHO && row.resource.type === 'p4d.24xlarge')).toBe(
      true,
    );
    expect(ledger.rows.find((row) => row.resource.id === 'i-3')?.startedAt).toBe('2026-11-25T08:59:59Z');
  });

  it('orders by event time: a stop that arrives before its start still ends the row', () => {
    const stopFirst = foldLaunchChanges(
      EMPTY_LEDGER,
      changes(stateChange('i-1', 'stopped', '2026-11-25T11:00:00Z')),
    );
    expect(stopFirst.ledger.rows).toEqual([]);
    const { ledger } = foldLaunchChanges(
      stopFirst.ledger,
      changes(runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z')),
    );
    expect(ledger.rows).toEqual([
      expect.objectContaining({ startedAt: '2026-11-25T09:00:00Z', endedAt: '2026-11-25T11:00:00Z' }),
    ]);
  });

  it('starts a new row when a stopped instance starts again, with the type it was resized to', () => {
    const ledger = buildLiveLedger(
      changes(
        runInstances(['i-1'], 'm5.large', '2026-11-25T09:00:00Z'),
        stateChange('i-1', 'stopped', '2026-11-25T10:00:00Z'),
        cloudTrailCall('aws.ec2', 'ModifyInstanceAttribute', '2026-11-25T10:05:00Z', {
          requestParameters: { instanceId: 'i-1', instanceType: { value: 'm5.4xlarge' } },
        }),
        stateChange('i-1', 'running', '2026-11-25T10:10:00Z'),
      ),
    );
    expect(ledger.rows.map((row) => [row.resource.type, row.startedAt, row.endedAt])).toEqual([
      ['m5.large', '2026-11-25T09:00:00Z', '2026-11-25T10:00:00Z'],
      ['m5.4xlarge', '2026-11-25T10:10:00Z', undefined],
    ]);
  });

  it('keeps a resize of an older database or group as a resize row, with segments for later changes', () => {
    const ledger = buildLiveLedger(
      changes(
        cloudTrailCall('aws.autoscaling', 'UpdateAutoScalingGroup', '2026-11-25T09:00:00Z', {
          requestParameters: { autoScalingGroupName: 'workers', desiredCapacity: 4 },
        }),
        cloudTrailCall('aws.autoscaling', 'UpdateAutoScalingGroup', '2026-11-25T12:00:00Z', {
          requestParameters: { autoScalingGroupName: 'workers', desiredCapacity: 10 },
        }),
      ),
    );
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.rows[0]).toMatchObject({ origin: 'resize', count: 10, previousType: undefined });
    expect(ledger.rows[0]?.segments.map((segment) => segment.count)).toEqual([4, 10]);
  });
});
