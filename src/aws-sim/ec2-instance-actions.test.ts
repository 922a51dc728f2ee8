import {
  CreateTagsCommand,
  DescribeInstancesCommand,
  StartInstancesCommand,
  StopInstancesCommand,
} from '@aws-sdk/client-ec2';
import { DeleteMessageBatchCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedInstanceTypes } from '../catalog/ec2-instance-catalog.ts';
import { readLaunchEvent } from '../domain/launch-changes.ts';
import { buildLiveLedger } from '../domain/live-ledger.ts';
import { liveRunRate, priceLedgerRows } from '../domain/live-run-rate.ts';
import { ACTION_ROLE_NAME, type AwsSimulator, type Credentials, PROTECT_TAG } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

/** EC2 StopInstances, StartInstances and CreateTags as Spendguard's action role calls them, through the SDK. */
let simulator: AwsSimulator;
let clock: TestClock;
let accountId: string;
let actions: Credentials;
let readOnly: Credentials;
beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  const account = simulator.company.accounts.find((candidate) => candidate.name === 'acme-data');
  if (!account) throw new Error('acme-data is missing');
  accountId = account.id;
  const externalId = simulator.company.demoExternalId;
  actions = await assumeRole(simulator, `arn:aws:iam::${accountId}:role/${ACTION_ROLE_NAME}`, externalId);
  readOnly = await assumeRole(simulator, account.demoRoleArn, externalId);
});
afterAll(() => simulator.close());

const ec2As = (credentials: Credentials) => simulatorClients(simulator, { credentials, maxAttempts: 1 }).ec2;

async function stateOf(instanceId: string) {
  const answer = await ec2As(readOnly).send(new DescribeInstancesCommand({ InstanceIds: [instanceId] }));
  return answer.Reservations?.[0]?.Instances?.[0]?.State?.Name;
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const failure = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { code: failure.name, message: failure.message, status: failure.$metadata?.httpStatusCode };
  }
  throw new Error('the call succeeded');
}

async function drainChanges() {
  const { sqs } = simulatorClients(simulator, { credentials: readOnly });
  const queueUrl = `${simulator.endpoint}/${accountId}/${simulator.company.launchEventsQueue}`;
  const bodies: string[] = [];
  for (;;) {
    const answer = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    const messages = answer.Messages ?? [];
    if (messages.length === 0) break;
    bodies.push(...messages.map((message) => message.Body ?? ''));
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
  return bodies.flatMap((body) => {
    const read = readLaunchEvent(body, { accountIds: [accountId] });
    if (!read.ok) throw new Error(read.rejection.message);
    return read.value.changes;
  });
}

describe('StopInstances and StartInstances', () => {
  it('answers DryRunOperation to a dry run the role may make, and changes nothing', async () => {
    const burst = simulator.launchGpuBurst({ accountId, count: 1 });
    const id = burst.instanceIds[0] as string;
    const failure = await errorOf(
      ec2As(actions).send(new StopInstancesCommand({ InstanceIds: [id], DryRun: true })),
    );
    expect(failure).toEqual({
      code: 'DryRunOperation',
      message: 'Request would have succeeded, but DryRun flag is set.',
      status: 412,
    });
    expect(await stateOf(id)).toBe('running');
  });

  it('answers UnauthorizedOperation to the read-only role, dry run or not', async () => {
    const id = simulator.launchGpuBurst({ accountId, count: 1 }).instanceIds[0] as string;
    for (const DryRun of [true, false]) {
      const failure = await errorOf(
        ec2As(readOnly).send(new StopInstancesCommand({ InstanceIds: [id], DryRun })),
      );
      expect(failure.code).toBe('UnauthorizedOperation');
      expect(failure.message).toContain('ec2:StopInstances');
    }
    expect(await stateOf(id)).toBe('running');
  });

  it('refuses an instance tagged spendguard:protect=true with the explicit deny, even on a dry run', async () => {
    const id = simulator.launchGpuBurst({ accountId, count: 1 }).instanceIds[0] as string;
    simulator.tagInstance(id, PROTECT_TAG.key, PROTECT_TAG.value);
    const failure = await errorOf(
      ec2As(actions).send(new StopInstancesCommand({ InstanceIds: [id], DryRun: true })),
    );
    expect(failure.code).toBe('UnauthorizedOperation');
    expect(failure.message).toContain('explicit deny');
    expect(failure.message).toContain(`instance/${id}`);
    expect(await stateOf(id)).toBe('running');
  });

  it('answers IncorrectInstanceState for an instance between states, and InvalidInstanceID.NotFound for another account', async () => {
    const id = simulator.launchGpuBurst({ accountId, count: 1 }).instanceIds[0] as string;
    simulator.holdInstanceState(id, 'pending');
    const failure = await errorOf(ec2As(actions).send(new StopInstancesCommand({ InstanceIds: [id] })));
    expect(failure.code).toBe('IncorrectInstanceState');
    expect(failure.message).toBe(`The instance '${id}' is not in a state from which it can be stopped.`);
    simulator.holdInstanceState(id, undefined);
    const prod = simulator.company.accounts.find((account) => account.name === 'acme-prod');
    const elsewhere = simulator.launchGpuBurst({ accountId: prod?.id ?? '', count: 1 })
      .instanceIds[0] as string;
    const missing = await errorOf(
      ec2As(actions).send(new StopInstancesCommand({ InstanceIds: [elsewhere] })),
    );
    expect(missing.code).toBe('InvalidInstanceID.NotFound');
  });

  it('stops a burst: the answer, DescribeInstances, its state changes, and the live run-rate falls to zero', async () => {
    await drainChanges();
    const burst = simulator.launchGpuBurst({ accountId, count: 3 });
    clock.advance(60_000);
    const answer = await ec2As(actions).send(new StopInstancesCommand({ InstanceIds: burst.instanceIds }));
    expect(
      answer.StoppingInstances?.map((item) => [item.PreviousState?.Name, item.CurrentState?.Name]),
    ).toEqual([
      ['running', 'stopping'],
      ['running', 'stopping'],
      ['running', 'stopping'],
    ]);
    for (const id of burst.instanceIds) expect(await stateOf(id)).toBe('stopped');
    const changes = await drainChanges();
    const prices = new Map(pricedInstanceTypes().map((spec) => [spec.type, spec.hourlyPriceUsd]));
    const ledger = priceLedgerRows(buildLiveLedger(changes).rows, (type: string) => prices.get(type));
    const atMs = clock.now().getTime();
    expect(ledger).toHaveLength(3);
    expect(ledger.every((row) => row.endedAtMs === atMs)).toBe(true);
    expect(liveRunRate(ledger, { atMs }).usdPerHour).toBe(0);
    const call = changes.find((change) => change.eventName === 'StopInstances');
    expect(call?.who).toContain(`assumed-role/${ACTION_ROLE_NAME}/`);
  });

  it('answers a second stop with the state unchanged, and a start runs them again as a new run', async () => {
    const burst = simulator.launchGpuBurst({ accountId, count: 2 });
    await ec2As(actions).send(new StopInstancesCommand({ InstanceIds: burst.instanceIds }));
    const again = await ec2As(actions).send(new StopInstancesCommand({ InstanceIds: burst.instanceIds }));
    expect(again.StoppingInstances?.map((item) => item.CurrentState?.Name)).toEqual(['stopped', 'stopped']);
    await drainChanges();
    clock.advance(60_000);
    const started = await ec2As(actions).send(new StartInstancesCommand({ InstanceIds: burst.instanceIds }));
    expect(
      started.StartingInstances?.map((item) => [item.PreviousState?.Name, item.CurrentState?.Name]),
    ).toEqual([
      ['stopped', 'pending'],
      ['stopped', 'pending'],
    ]);
    for (const id of burst.instanceIds) expect(await stateOf(id)).toBe('running');
    const changes = await drainChanges();
    expect(
      changes.filter((change) => change.action === 'start' && change.eventName === 'state:running'),
    ).toHaveLength(2);
  });
});

describe('CreateTags', () => {
  it('tags an instance, and refuses to set spendguard:protect', async () => {
    const id = simulator.launchGpuBurst({ accountId, count: 1 }).instanceIds[0] as string;
    await ec2As(actions).send(
      new CreateTagsCommand({ Resources: [id], Tags: [{ Key: 'spendguard:review', Value: 'maya' }] }),
    );
    const described = await ec2As(readOnly).send(new DescribeInstancesCommand({ InstanceIds: [id] }));
    const tags = described.Reservations?.[0]?.Instances?.[0]?.Tags ?? [];
    expect(tags).toContainEqual({ Key: 'spendguard:review', Value: 'maya' });
    const failure = await errorOf(
      ec2As(actions).send(
        new CreateTagsCommand({ Resources: [id], Tags: [{ Key: PROTECT_TAG.key, Value: 'false' }] }),
      ),
    );
    expect(failure.code).toBe('UnauthorizedOperation');
  });
});
