import { DescribeInstancesCommand } from '@aws-sdk/client-ec2';
import { DeleteMessageBatchCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedInstanceTypes } from '../catalog/ec2-instance-catalog.ts';
import { type LaunchChange, readLaunchEvent } from '../domain/launch-changes.ts';
import { buildLiveLedger } from '../domain/live-ledger.ts';
import { liveRunRate, priceLedgerRows } from '../domain/live-run-rate.ts';
import type { AwsSimulator, Credentials } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

/** The simulated company's launch events, read back through the real SDK as Spendguard will. */
let simulator: AwsSimulator;
let dataAccount: { id: string; demoRoleArn: string };
let credentials: Credentials;
let clock: TestClock;
beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  const account = simulator.company.accounts.find((candidate) => candidate.name === 'acme-data');
  if (!account) throw new Error('acme-data is missing');
  dataAccount = account;
  credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
});
afterAll(() => simulator.close());

const catalogPrices = new Map(pricedInstanceTypes().map((spec) => [spec.type, spec.hourlyPriceUsd]));
const lookupEc2 = (type: string) => catalogPrices.get(type);

/** Receives and deletes everything waiting in the account's queue, as the poller will. */
async function drainQueue(): Promise<Array<Record<string, unknown>>> {
  const { sqs } = simulatorClients(simulator, { credentials });
  const queueUrl = `${simulator.endpoint}/${dataAccount.id}/${simulator.company.launchEventsQueue}`;
  const bodies: Array<Record<string, unknown>> = [];
  for (;;) {
    const answer = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    const messages = answer.Messages ?? [];
    if (messages.length === 0) return bodies;
    bodies.push(...messages.map((message) => JSON.parse(message.Body ?? '{}')));
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

function changesOf(bodies: unknown[]): LaunchChange[] {
  return bodies.flatMap((body) => {
    const read = readLaunchEvent(JSON.stringify(body), { accountIds: [dataAccount.id] });
    if (!read.ok) throw new Error(read.rejection.message);
    return read.value.changes;
  });
}

describe('a GPU burst in the simulated company', () => {
  it('shows eight p4d.24xlarge in EC2 and sends their state changes and the RunInstances call to the queue', async () => {
    const burst = simulator.launchGpuBurst({ accountId: dataAccount.id, userName: 'maya.chen' });
    expect(burst.instanceIds).toHaveLength(8);
    expect(burst.delivered).toBe(true);

    const { ec2 } = simulatorClients(simulator, { credentials });
    const described = await ec2.send(new DescribeInstancesCommand({ InstanceIds: burst.instanceIds }));
    const instances = (described.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? []);
    expect(instances.map((instance) => [instance.InstanceType, instance.State?.Name])).toEqual(
      Array(8).fill(['p4d.24xlarge', 'running']),
    );

    const bodies = await drainQueue();
    expect(bodies.map((body) => body['detail-type'])).toEqual([
      ...Array(16).fill('EC2 Instance State-change Notification'),
      'AWS API Call via CloudTrail',
    ]);
    const runInstances = bodies.at(-1) as { detail: Record<string, unknown> };
    expect(runInstances.detail).toMatchObject({
      eventName: 'RunInstances',
      eventSource: 'ec2.amazonaws.com',
      awsRegion: 'us-east-1',
      recipientAccountId: dataAccount.id,
      userIdentity: { type: 'IAMUser', arn: `arn:aws:iam::${dataAccount.id}:user/maya.chen` },
      requestParameters: {
        instanceType: 'p4d.24xlarge',
        instancesSet: { items: [expect.objectContaining({ minCount: 8, maxCount: 8 })] },
      },
    });

    const rows = priceLedgerRows(buildLiveLedger(changesOf(bodies)).rows, lookupEc2);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((row) => row.launchedBy))).toEqual(
      new Set([`arn:aws:iam::${dataAccount.id}:user/maya.chen`]),
    );
    const rate = liveRunRate(rows, { atMs: clock.now().getTime() + 60_000 });
    expect(rate.usdPerHour).toBeCloseTo(8 * (lookupEc2('p4d.24xlarge') ?? 0), 6);

    const stopped = simulator.stopInstances({
      accountId: dataAccount.id,
      instanceIds: burst.instanceIds.slice(0, 2),
    });
    expect(stopped.events.at(-1)?.detail.eventName).toBe('StopInstances');
    const afterStop = buildLiveLedger([...changesOf(bodies), ...changesOf(await drainQueue())]);
    expect(afterStop.rows.filter((row) => row.endedAt !== undefined)).toHaveLength(2);
  });

  it('sends only state changes from an account without a trail, so the type and the caller are unknown', async () => {
    simulator.setCloudTrail(dataAccount.id, false);
    try {
      simulator.launchGpuBurst({ accountId: dataAccount.id, count: 1 });
      const bodies = await drainQueue();
      expect(bodies.map((body) => body['detail-type'])).toEqual(
        Array(2).fill('EC2 Instance State-change Notification'),
      );
      const [row] = priceLedgerRows(buildLiveLedger(changesOf(bodies)).rows, lookupEc2);
      expect(row?.launchedBy).toBeUndefined();
      expect(row?.unknownReason).toBe('The event does not name the instance type.');
    } finally {
      simulator.setCloudTrail(dataAccount.id, true);
    }
  });

  it('reaches no queue from a region without the stack, though EC2 shows the instances', async () => {
    const burst = simulator.launchGpuBurst({ accountId: dataAccount.id, region: 'eu-west-1', count: 2 });
    expect(burst.delivered).toBe(false);
    const { ec2 } = simulatorClients(simulator, { credentials, region: 'eu-west-1' });
    const described = await ec2.send(new DescribeInstancesCommand({ InstanceIds: burst.instanceIds }));
    expect(described.Reservations).toHaveLength(2);
    expect(await drainQueue()).toEqual([]);
  });

  it('sends the CloudTrail calls of resizes, NAT gateways, databases and Auto Scaling groups', async () => {
    const caller = { accountId: dataAccount.id, userName: 'ops-bot' };
    simulator.changeResource(caller, {
      kind: 'resize-instance',
      instanceId: 'i-0123',
      instanceType: 'm5.8xlarge',
    });
    simulator.changeResource(caller, { kind: 'create-nat-gateway' });
    simulator.changeResource(caller, {
      kind: 'create-db-instance',
      dbInstanceIdentifier: 'orders',
      dbInstanceClass: 'db.r6g.large',
      multiAz: true,
    });
    simulator.changeResource(caller, {
      kind: 'modify-db-instance',
      dbInstanceIdentifier: 'orders',
      dbInstanceClass: 'db.r6g.2xlarge',
    });
    simulator.changeResource(caller, {
      kind: 'create-auto-scaling-group',
      autoScalingGroupName: 'workers',
      desiredCapacity: 3,
    });
    simulator.changeResource(caller, {
      kind: 'update-auto-scaling-group',
      autoScalingGroupName: 'workers',
      desiredCapacity: 9,
    });
    const changes = changesOf(await drainQueue());
    expect(
      changes.map((change) => [change.eventName, change.action, change.resource.kind, change.count]),
    ).toEqual([
      ['ModifyInstanceAttribute', 'resize', 'ec2-instance', 1],
      ['CreateNatGateway', 'start', 'nat-gateway', 1],
      ['CreateDBInstance', 'start', 'rds-instance', 1],
      ['ModifyDBInstance', 'resize', 'rds-instance', 1],
      ['CreateAutoScalingGroup', 'start', 'auto-scaling-group', 3],
      ['UpdateAutoScalingGroup', 'resize', 'auto-scaling-group', 9],
    ]);
    expect(changes[2]?.resource).toMatchObject({ type: 'db.r6g.large', multiAz: true, engine: 'postgres' });
  });
});
