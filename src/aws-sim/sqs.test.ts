import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { READ_ONLY_PERMISSIONS } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator, type TestClock } from './testing/test-simulator.ts';

let simulator: AwsSimulator;
let clock: TestClock;
let sqs: SQSClient;
beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator());
  sqs = simulatorClients(simulator).sqs;
});
afterAll(() => simulator.close());

async function newQueue(name: string, attributes: Record<string, string> = {}) {
  const created = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return created.QueueUrl ?? '';
}

async function depth(queueUrl: string) {
  const answer = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return {
    visible: Number(answer.Attributes?.ApproximateNumberOfMessages),
    inFlight: Number(answer.Attributes?.ApproximateNumberOfMessagesNotVisible),
  };
}

async function until<T>(probe: () => T, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error('the awaited state never came');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SQS queues and messages through @aws-sdk/client-sqs', () => {
  it('creates a queue once, finds it by name and counts what waits in it', async () => {
    const queueUrl = await newQueue('orders', { VisibilityTimeout: '45' });
    expect(queueUrl).toBe(`${simulator.endpoint}/${simulator.company.managementAccountId}/orders`);
    expect(await newQueue('orders', { VisibilityTimeout: '45' })).toBe(queueUrl);
    await expect(newQueue('orders', { VisibilityTimeout: '10' })).rejects.toMatchObject({
      name: 'QueueNameExists',
    });
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).QueueUrl).toBe(queueUrl);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{"order":1}' }));
    const batch = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [2, 3, 4].map((order) => ({ Id: `o${order}`, MessageBody: `{"order":${order}}` })),
      }),
    );
    expect(batch.Successful?.map((entry) => entry.Id)).toEqual(['o2', 'o3', 'o4']);
    expect(await depth(queueUrl)).toEqual({ visible: 4, inFlight: 0 });
    await sqs.send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
    expect(await depth(queueUrl)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('hands out at most ten messages a call and deletes them one by one or in a batch', async () => {
    const queueUrl = await newQueue('batches');
    for (let first = 0; first < 12; first += 6) {
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: Array.from({ length: 6 }, (_, index) => ({
            Id: `m${first + index}`,
            MessageBody: `message ${first + index}`,
          })),
        }),
      );
    }
    await expect(
      sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 11 })),
    ).rejects.toMatchObject({ Code: 'InvalidParameterValue' });
    const received = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
    );
    const messages = received.Messages ?? [];
    expect(messages).toHaveLength(10);
    expect(await depth(queueUrl)).toEqual({ visible: 2, inFlight: 10 });
    const [single, ...rest] = messages;
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: single?.ReceiptHandle }));
    const deleted = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          ...rest.map((message, index) => ({ Id: `d${index}`, ReceiptHandle: message.ReceiptHandle })),
          { Id: 'forged', ReceiptHandle: 'not-a-handle' },
        ],
      }),
    );
    expect(deleted.Successful).toHaveLength(9);
    expect(deleted.Failed).toEqual([
      expect.objectContaining({ Id: 'forged', Code: 'ReceiptHandleIsInvalid' }),
    ]);
    expect(await depth(queueUrl)).toEqual({ visible: 2, inFlight: 0 });
  });

  it('gives an undeleted message back after its visibility timeout, counting the receives', async () => {
    const queueUrl = await newQueue('redelivery', { VisibilityTimeout: '30' });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'launch event' }));
    const first = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MessageSystemAttributeNames: ['All'] }),
    );
    // The consumer dies here: nothing is deleted.
    expect(first.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }))).Messages).toBeUndefined();
    clock.advance(30_000);
    const second = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      }),
    );
    const again = second.Messages?.[0];
    expect(again).toMatchObject({ Body: 'launch event', Attributes: { ApproximateReceiveCount: '2' } });
    expect(again?.MessageId).toBe(first.Messages?.[0]?.MessageId);
    // The first receive's handle is stale: SQS answers success and keeps the message.
    await sqs.send(
      new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: first.Messages?.[0]?.ReceiptHandle }),
    );
    expect(await depth(queueUrl)).toEqual({ visible: 0, inFlight: 1 });
    await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: again?.ReceiptHandle }));
    clock.advance(30_000);
    expect(await depth(queueUrl)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('answers a long poll as soon as a message arrives, and an empty one when the wait ends', async () => {
    const queueUrl = await newQueue('long-poll');
    const polls = simulator.requestCount('sqs', 'ReceiveMessage');
    const startedAt = Date.now();
    const waiting = sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 20 }));
    await until(
      () => simulator.requestCount('sqs', 'ReceiveMessage'),
      (count) => count > polls,
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'wake up' }));
    const answer = await waiting;
    expect(answer.Messages?.map((message) => message.Body)).toEqual(['wake up']);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const empty = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1 }));
    expect(empty.Messages).toBeUndefined();
  });

  it('answers RequestThrottled when SQS throttles, which the SDK retries', async () => {
    const queueUrl = await newQueue('busy');
    const { sqs: once } = simulatorClients(simulator, { maxAttempts: 1 });
    simulator.faults.throttle('sqs', 1);
    await expect(once.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }))).rejects.toMatchObject({
      Code: 'RequestThrottled',
    });
    simulator.faults.throttle('sqs', 1);
    const retried = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    expect(retried.$metadata.attempts).toBe(2);
  });

  it('names a missing queue as SQS does', async () => {
    const missing = `${simulator.endpoint}/${simulator.company.managementAccountId}/no-such-queue`;
    await expect(sqs.send(new ReceiveMessageCommand({ QueueUrl: missing }))).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
      Code: 'AWS.SimpleQueueService.NonExistentQueue',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(sqs.send(new GetQueueUrlCommand({ QueueName: 'no-such-queue' }))).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
    });
    // Queues are regional: the same URL signed for another region names another (missing) queue.
    const queueUrl = await newQueue('only-in-virginia');
    const { sqs: oregon } = simulatorClients(simulator, { region: 'us-west-2' });
    await expect(oregon.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }))).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
    });
  });
});

describe('who may read a queue', () => {
  it('lets the template role receive from its own account and refuses a role without sqs:ReceiveMessage', async () => {
    const dataAccount = simulator.company.accounts.find((account) => account.name === 'acme-data');
    const roleArn = dataAccount?.demoRoleArn ?? '';
    const credentials = await assumeRole(simulator, roleArn, simulator.company.demoExternalId);
    const { sqs: customer } = simulatorClients(simulator, { credentials });
    const queueUrl = `${simulator.endpoint}/${dataAccount?.id}/${simulator.company.launchEventsQueue}`;
    // The template's queue long-polls by default (20 s); this look does not wait.
    const answer = await customer.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 0 }));
    expect(answer.Messages ?? []).toEqual([]);
    await expect(
      customer.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'forged event' })),
    ).rejects.toMatchObject({ Code: 'AccessDenied', $metadata: { httpStatusCode: 403 } });

    const oldRole = `arn:aws:iam::${dataAccount?.id}:role/SpendguardBeforeLaunchEvents`;
    simulator.registerRole(oldRole, 'ext-old', { permissions: READ_ONLY_PERMISSIONS });
    const oldCredentials = await assumeRole(simulator, oldRole, 'ext-old');
    const { sqs: withoutPermission } = simulatorClients(simulator, { credentials: oldCredentials });
    const refused = withoutPermission.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    await expect(refused).rejects.toMatchObject({
      Code: 'AccessDenied',
      message: expect.stringContaining('sqs:ReceiveMessage'),
    });
  });

  it('refuses a wrong secret and another account reading the queue', async () => {
    const queueUrl = await newQueue('private');
    const { sqs: forged } = simulatorClients(simulator, {
      credentials: { ...simulator.credentials, secretAccessKey: 'not-the-secret' },
    });
    await expect(forged.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }))).rejects.toMatchObject({
      Code: 'SignatureDoesNotMatch',
    });
    const staging = simulator.company.accounts.find((account) => account.name === 'acme-staging');
    const credentials = await assumeRole(
      simulator,
      staging?.demoRoleArn ?? '',
      simulator.company.demoExternalId,
    );
    const { sqs: otherAccount } = simulatorClients(simulator, { credentials });
    await expect(otherAccount.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }))).rejects.toMatchObject({
      Code: 'AccessDenied',
    });
  });
});

describe('stopping the simulator', () => {
  it('ends a long poll at once instead of holding the server open for 20 s', async () => {
    const { simulator: own } = await startTestSimulator();
    const { sqs: client } = simulatorClients(own, { maxAttempts: 1 });
    const queueUrl = (await client.send(new CreateQueueCommand({ QueueName: 'idle' }))).QueueUrl;
    const waiting = client
      .send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 20 }))
      .catch((error: unknown) => error);
    await until(
      () => own.requestCount('sqs', 'ReceiveMessage'),
      (count) => count > 0,
    );
    const startedAt = Date.now();
    await own.close();
    await waiting;
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });
});
