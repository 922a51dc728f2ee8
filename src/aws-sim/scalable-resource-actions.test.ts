import {
  DescribeAutoScalingGroupsCommand,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import {
  CreateTagsCommand,
  DeleteTagsCommand,
  DescribeInstancesCommand,
  StartInstancesCommand,
} from '@aws-sdk/client-ec2';
import {
  DescribeDBInstancesCommand,
  StartDBInstanceCommand,
  StopDBInstanceCommand,
} from '@aws-sdk/client-rds';
import { DeleteMessageBatchCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedInstanceTypes } from '../catalog/ec2-instance-catalog.ts';
import { type LaunchChange, readLaunchEvent } from '../domain/launch-changes.ts';
import { buildLiveLedger } from '../domain/live-ledger.ts';
import { liveRunRate, priceLedgerRows } from '../domain/live-run-rate.ts';
import { ACTION_ROLE_NAME, type AwsSimulator, type Credentials, PROTECT_TAG } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

/**
 * Auto Scaling's UpdateAutoScalingGroup, RDS's Stop/StartDBInstance and EC2's DeleteTags as Spendguard's
 * action role calls them, and the Describe calls its read-only role makes, through the real SDK clients.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let prodId: string;
let actions: Credentials;
let readOnly: Credentials;
beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  const prod = simulator.company.accounts.find((account) => account.name === 'acme-prod');
  if (!prod) throw new Error('acme-prod is missing');
  prodId = prod.id;
  const externalId = simulator.company.demoExternalId;
  actions = await assumeRole(simulator, `arn:aws:iam::${prodId}:role/${ACTION_ROLE_NAME}`, externalId);
  readOnly = await assumeRole(simulator, prod.demoRoleArn, externalId);
});
afterAll(() => simulator.close());

const clientsAs = (credentials: Credentials) => simulatorClients(simulator, { credentials, maxAttempts: 1 });

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const failure = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { code: failure.name, message: failure.message, status: failure.$metadata?.httpStatusCode };
  }
  throw new Error('the call succeeded');
}

describe('Auto Scaling', () => {
  const sizesOf = async (name: string) => {
    const answer = await clientsAs(readOnly).autoScaling.send(
      new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [name] }),
    );
    const group = answer.AutoScalingGroups?.[0];
    return group && { min: group.MinSize, max: group.MaxSize, desired: group.DesiredCapacity };
  };

  it('describes the group the fleet’s API servers run in, with its sizes and tags', async () => {
    const answer = await clientsAs(readOnly).autoScaling.send(new DescribeAutoScalingGroupsCommand({}));
    const group = answer.AutoScalingGroups?.find((one) => one.AutoScalingGroupName === 'api-prod-asg');
    expect(group).toMatchObject({ MinSize: 1, MaxSize: 3, DesiredCapacity: 1 });
    expect(group?.Tags?.map((tag) => tag.Key)).toContain('team');
  });

  it('scales the group to 0 and back with the action role; the read-only role may not', async () => {
    const refused = await errorOf(
      clientsAs(readOnly).autoScaling.send(
        new UpdateAutoScalingGroupCommand({
          AutoScalingGroupName: 'api-prod-asg',
          MinSize: 0,
          DesiredCapacity: 0,
        }),
      ),
    );
    expect(refused).toMatchObject({ code: 'AccessDenied', status: 403 });
    await clientsAs(actions).autoScaling.send(
      new UpdateAutoScalingGroupCommand({
        AutoScalingGroupName: 'api-prod-asg',
        MinSize: 0,
        DesiredCapacity: 0,
      }),
    );
    expect(await sizesOf('api-prod-asg')).toEqual({ min: 0, max: 3, desired: 0 });
    await clientsAs(actions).autoScaling.send(
      new UpdateAutoScalingGroupCommand({
        AutoScalingGroupName: 'api-prod-asg',
        MinSize: 1,
        MaxSize: 3,
        DesiredCapacity: 1,
      }),
    );
    expect(await sizesOf('api-prod-asg')).toEqual({ min: 1, max: 3, desired: 1 });
  });

  it('answers AWS’s validation errors: an unknown group, a desired size outside min and max', async () => {
    const unknown = await errorOf(
      clientsAs(actions).autoScaling.send(
        new UpdateAutoScalingGroupCommand({ AutoScalingGroupName: 'nope', DesiredCapacity: 0 }),
      ),
    );
    expect(unknown).toMatchObject({
      code: 'ValidationError',
      message: 'AutoScalingGroup name not found - nope',
    });
    const outside = await errorOf(
      clientsAs(actions).autoScaling.send(
        new UpdateAutoScalingGroupCommand({ AutoScalingGroupName: 'api-prod-asg', DesiredCapacity: 9 }),
      ),
    );
    expect(outside.message).toBe(
      'Desired capacity:9 must be between the specified min size:1 and max size:3',
    );
  });

  it('denies the action role a group tagged spendguard:protect=true', async () => {
    const group = simulator.autoScalingGroups.find((one) => one.name === 'api-prod-asg');
    if (!group) throw new Error('api-prod-asg is missing');
    group.tags[PROTECT_TAG.key] = PROTECT_TAG.value;
    try {
      const denied = await errorOf(
        clientsAs(actions).autoScaling.send(
          new UpdateAutoScalingGroupCommand({
            AutoScalingGroupName: 'api-prod-asg',
            MinSize: 0,
            DesiredCapacity: 0,
          }),
        ),
      );
      expect(denied.code).toBe('AccessDenied');
      expect(denied.message).toContain('with an explicit deny');
    } finally {
      delete group.tags[PROTECT_TAG.key];
    }
  });
});

describe('a group’s capacity and its instances', () => {
  const catalogPrices = new Map(pricedInstanceTypes().map((spec) => [spec.type, spec.hourlyPriceUsd]));

  /** Receives and deletes what waits in acme-prod's launch-events queue, as Spendguard's poller does. */
  async function launchChanges(): Promise<LaunchChange[]> {
    const { sqs } = clientsAs(readOnly);
    const queueUrl = `${simulator.endpoint}/${prodId}/${simulator.company.launchEventsQueue}`;
    const changes: LaunchChange[] = [];
    for (;;) {
      const answer = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
      );
      const messages = answer.Messages ?? [];
      if (messages.length === 0) return changes;
      for (const message of messages) {
        const read = readLaunchEvent(message.Body ?? '', { accountIds: [prodId] });
        if (!read.ok) throw new Error(read.rejection.message);
        changes.push(...read.value.changes);
      }
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: messages.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle,
          })),
        }),
      );
    }
  }

  const groupInstances = async () => {
    const answer = await clientsAs(readOnly).ec2.send(
      new DescribeInstancesCommand({
        Filters: [{ Name: 'tag:aws:autoscaling:groupName', Values: ['api-prod-asg'] }],
      }),
    );
    return (answer.Reservations ?? []).flatMap((reservation) =>
      (reservation.Instances ?? []).map((instance) => ({
        id: instance.InstanceId ?? '',
        state: instance.State?.Name,
        type: instance.InstanceType,
      })),
    );
  };

  const setCapacity = (desired: number, max?: number) =>
    clientsAs(actions).autoScaling.send(
      new UpdateAutoScalingGroupCommand({
        AutoScalingGroupName: 'api-prod-asg',
        MinSize: desired,
        MaxSize: max,
        DesiredCapacity: desired,
      }),
    );

  it('terminates the group’s running instances at 0, so the fleet and the live ledger stop billing them; the restore launches new ones', async () => {
    await launchChanges();
    const running = (await groupInstances()).filter((instance) => instance.state === 'running');
    expect(running).toHaveLength(1);
    const type = running[0]?.type ?? '';
    const hourly = catalogPrices.get(type) ?? 0;
    expect(hourly).toBeGreaterThan(0);

    await setCapacity(2, 3);
    const raised = await launchChanges();
    const grown = (await groupInstances()).filter((instance) => instance.state === 'running');
    expect(grown).toHaveLength(2);
    const launched = grown.find((instance) => instance.id !== running[0]?.id);
    // The ledger prices the new instance from Auto Scaling's RunInstances call, which names its type.
    const raisedRows = priceLedgerRows(buildLiveLedger(raised).rows, (name) => catalogPrices.get(name));
    const instanceRow = raisedRows.find((row) => row.resource.id === launched?.id);
    expect(instanceRow?.resource.type).toBe(type);
    expect(instanceRow?.launchedBy).toContain('AWSServiceRoleForAutoScaling');
    const atMs = clock.now().getTime() + 60_000;
    expect(liveRunRate(raisedRows, { atMs }).usdPerHour).toBeCloseTo(hourly, 6);

    clock.advance(30 * 60_000);
    await setCapacity(0);
    const afterZero = [...raised, ...(await launchChanges())];
    const states = await groupInstances();
    expect(states.filter((instance) => instance.state === 'running')).toEqual([]);
    expect(states.filter((instance) => grown.some((one) => one.id === instance.id))).toEqual(
      grown.map((instance) => ({ ...instance, state: 'terminated' })),
    );
    // The ledger's row of the instance the group launched ends, and the live run-rate falls to nothing.
    const zeroRows = priceLedgerRows(buildLiveLedger(afterZero).rows, (name) => catalogPrices.get(name));
    expect(zeroRows.find((row) => row.resource.id === launched?.id)?.endedAt).toBeDefined();
    expect(liveRunRate(zeroRows, { atMs: clock.now().getTime() + 60_000 }).usdPerHour).toBe(0);
    // A terminated instance cannot be started again.
    const start = await errorOf(
      clientsAs(actions).ec2.send(new StartInstancesCommand({ InstanceIds: [running[0]?.id ?? ''] })),
    );
    expect(start.code).toBe('IncorrectInstanceState');

    await setCapacity(1, 3);
    const restored = await launchChanges();
    const back = (await groupInstances()).filter((instance) => instance.state === 'running');
    expect(back).toHaveLength(1);
    expect([running[0]?.id, launched?.id]).not.toContain(back[0]?.id);
    const restoredRows = priceLedgerRows(buildLiveLedger([...afterZero, ...restored]).rows, (name) =>
      catalogPrices.get(name),
    );
    expect(liveRunRate(restoredRows, { atMs: clock.now().getTime() + 60_000 }).usdPerHour).toBeCloseTo(
      hourly,
      6,
    );
  });
});

describe('RDS', () => {
  const statusOf = async (identifier: string) => {
    const answer = await clientsAs(readOnly).rds.send(
      new DescribeDBInstancesCommand({ DBInstanceIdentifier: identifier }),
    );
    return answer.DBInstances?.[0]?.DBInstanceStatus;
  };

  it('lists the account’s databases with their class, state and tags', async () => {
    const answer = await clientsAs(readOnly).rds.send(new DescribeDBInstancesCommand({}));
    expect(answer.DBInstances?.map((db) => db.DBInstanceIdentifier)).toContain('auth-db');
    const authDb = answer.DBInstances?.find((db) => db.DBInstanceIdentifier === 'auth-db');
    expect(authDb).toMatchObject({ DBInstanceClass: 'db.m6g.large', DBInstanceStatus: 'available' });
    expect(authDb?.TagList).toContainEqual({ Key: 'team', Value: 'platform' });
  });

  it('stops and starts a database; a second stop is InvalidDBInstanceState; another account’s is not found', async () => {
    const stop = await clientsAs(actions).rds.send(
      new StopDBInstanceCommand({ DBInstanceIdentifier: 'auth-db' }),
    );
    expect(stop.DBInstance?.DBInstanceStatus).toBe('stopping');
    expect(await statusOf('auth-db')).toBe('stopped');
    const again = await errorOf(
      clientsAs(actions).rds.send(new StopDBInstanceCommand({ DBInstanceIdentifier: 'auth-db' })),
    );
    expect(again).toMatchObject({
      code: 'InvalidDBInstanceStateFault',
      message: 'Instance auth-db is not in available state.',
    });
    await clientsAs(actions).rds.send(new StartDBInstanceCommand({ DBInstanceIdentifier: 'auth-db' }));
    expect(await statusOf('auth-db')).toBe('available');
    const elsewhere = await errorOf(
      clientsAs(actions).rds.send(new StopDBInstanceCommand({ DBInstanceIdentifier: 'analytics-db' })),
    );
    expect(elsewhere).toMatchObject({ code: 'DBInstanceNotFoundFault', status: 404 });
  });

  it('refuses the read-only role a stop', async () => {
    const refused = await errorOf(
      clientsAs(readOnly).rds.send(new StopDBInstanceCommand({ DBInstanceIdentifier: 'auth-db' })),
    );
    expect(refused).toMatchObject({ code: 'AccessDenied', status: 403 });
  });
});

describe('EC2 DeleteTags', () => {
  it('takes a tag off again, only while it holds the value named; DryRun answers DryRunOperation', async () => {
    const instanceId = simulator.company.instances.find((one) => one.accountId === prodId)?.instanceId ?? '';
    const ec2 = clientsAs(actions).ec2;
    await ec2.send(
      new CreateTagsCommand({ Resources: [instanceId], Tags: [{ Key: 'spendguard:review', Value: 'a' }] }),
    );
    const dry = await errorOf(
      ec2.send(
        new DeleteTagsCommand({
          Resources: [instanceId],
          Tags: [{ Key: 'spendguard:review' }],
          DryRun: true,
        }),
      ),
    );
    expect(dry.code).toBe('DryRunOperation');
    await ec2.send(
      new DeleteTagsCommand({ Resources: [instanceId], Tags: [{ Key: 'spendguard:review', Value: 'b' }] }),
    );
    const tagsOf = async () => {
      const answer = await clientsAs(readOnly).ec2.send(
        new DescribeInstancesCommand({ InstanceIds: [instanceId] }),
      );
      return answer.Reservations?.[0]?.Instances?.[0]?.Tags ?? [];
    };
    expect(await tagsOf()).toContainEqual({ Key: 'spendguard:review', Value: 'a' });
    await ec2.send(
      new DeleteTagsCommand({ Resources: [instanceId], Tags: [{ Key: 'spendguard:review', Value: 'a' }] }),
    );
    expect((await tagsOf()).map((tag) => tag.Key)).not.toContain('spendguard:review');
  });
});
