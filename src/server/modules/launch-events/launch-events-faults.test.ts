import { randomUUID } from 'node:crypto';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import {
  assumeRole,
  startTestSimulator,
  type TestClock,
  testClock,
} from '../../../aws-sim/testing/test-simulator.ts';
import type { LaunchLedgerView } from '../../../contracts/launch-events.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import {
  connectSimulatedAccount,
  ingestCurLineItems,
  isoDayOf,
  startLaunchEventPoller,
  viewerOf,
  waitUntil,
} from '../../testing/launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Faults of the launch-events poller through the real SDK against the simulator: SQS throttling, the
 * bill data catching up with the ledger, and a shutdown in the middle of a 20 s long poll.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let serverClosed = false;
let owner: Person;
let organizationId: string;
let integrationId: string;
let accountId: string;
let sender: SQSClient;

const DAY_MS = 86_400_000;

async function ledger(): Promise<LaunchLedgerView> {
  const response = await callAs(server, owner)('GET', '/api/launch-ledger');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const rowsOf = (view: LaunchLedgerView, ids: string[]) =>
  view.rows.filter((row) => ids.includes(row.resource_id));

async function queueCard() {
  const status = (await callAs(server, owner)('GET', '/api/launch-events/status')).json();
  const card = status.integrations.find(
    (entry: { integration_id: string }) => entry.integration_id === integrationId,
  );
  return card.queues.find((queue: { region: string }) => queue.region === 'us-east-1') as
    | { state: string; message: string | null }
    | undefined;
}

const queueUrl = () => `${simulator.endpoint}/${accountId}/${simulator.company.launchEventsQueue}`;

async function depth() {
  const answer = await sender.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl(),
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(answer.Attributes?.ApproximateNumberOfMessages) +
    Number(answer.Attributes?.ApproximateNumberOfMessagesNotVisible)
  );
}

/**
 * Waits until the poller is in a long poll on an empty queue: a message wakes it, and once that is
 * stored and deleted, its next receive (the one counted after the message was sent) waits.
 */
async function pollerWaiting() {
  await waitUntil(depth, (left) => left === 0);
  const received = simulator.requestCount('sqs', 'ReceiveMessage');
  await sender.send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: 'wake up' }));
  await waitUntil(depth, (left) => left === 0);
  await waitUntil(
    async () => simulator.requestCount('sqs', 'ReceiveMessage'),
    (count) => count > received,
  );
}

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator({ clock: testClock(new Date()) }));
  server = await createTestApp({
    queue: true,
    // One attempt a call: each throttled request reaches the poller (the SDK would retry it itself).
    aws: { ...simulatorAccess(simulator), demo: undefined, maxAttempts: 1 },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  owner = await signUpVerified(server, 'owner@faults.test', 'Olivia Owner');
  organizationId = (await viewerOf(server, owner)).organizationId;
  ({ integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, {
    name: 'Acme Corp',
  }));
  const senderRole = `arn:aws:iam::${accountId}:role/TestEventSender`;
  simulator.registerRole(senderRole, 'sender', { permissions: ['sqs:*'] });
  sender = simulatorClients(simulator, {
    credentials: await assumeRole(simulator, senderRole, 'sender'),
    maxAttempts: 5,
  }).sqs;
  await startLaunchEventPoller(server, integrationId);
}, 60_000);
afterAll(async () => {
  if (!serverClosed) await server?.close();
  await simulator?.close();
});

describe('SQS throttling', () => {
  it('backs off, says so on the card while it lasts, then catches up without losing an event', async () => {
    const first = simulator.launchGpuBurst({ accountId, count: 2, instanceType: 'm5.large' });
    await waitUntil(ledger, (view) => rowsOf(view, first.instanceIds).length === 2);
    await pollerWaiting();
    // The burst wakes the long poll; the next four calls are throttled (receives, and perhaps a delete):
    // the third failed receive in a row says "error" on the card, backing off 1, 2, 4 (and 8) s.
    simulator.faults.throttle('sqs', 4);
    const during = simulator.launchGpuBurst({ accountId, count: 8, userName: 'maya.chen' });
    const card = await waitUntil(queueCard, (queue) => queue?.state === 'error');
    expect(card?.message).toMatch(/SQS is throttling ReceiveMessage in us-east-1 \(RequestThrottled\)/);
    const view = await waitUntil(
      ledger,
      (answer) => rowsOf(answer, during.instanceIds).filter((row) => row.launched_by).length === 8,
    );
    expect(rowsOf(view, during.instanceIds).every((row) => row.type === 'p4d.24xlarge')).toBe(true);
    // The card leaves "error" with the first receive that succeeds (events are arriving).
    expect((await waitUntil(queueCard, (queue) => queue?.state !== 'error'))?.state).toBe('arriving');
    // A batch stored whose delete was throttled comes back after the visibility timeout: counted once.
    clock.advance(61_000);
    await waitUntil(depth, (left) => left === 0);
    const after = await ledger();
    expect(rowsOf(after, during.instanceIds)).toHaveLength(8);
    expect(simulator.requestCount('sqs', 'ReceiveMessage')).toBeGreaterThan(
      simulator.callCount('sqs', 'ReceiveMessage'),
    );
  });
});

describe('bill data catching up', () => {
  it('marks a row billed once the bill covers its start, and leaves it out of the summary', async () => {
    const yesterday = new Date(Date.now() - DAY_MS);
    const noon = new Date(`${isoDayOf(yesterday)}T12:00:00Z`);
    const instanceId = `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await sender.send(
      new SendMessageCommand({
        QueueUrl: queueUrl(),
        MessageBody: JSON.stringify({
          version: '0',
          id: randomUUID(),
          'detail-type': 'AWS API Call via CloudTrail',
          source: 'aws.ec2',
          account: accountId,
          time: noon.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          region: 'us-east-1',
          resources: [],
          detail: {
            eventName: 'RunInstances',
            userIdentity: { arn: `arn:aws:iam::${accountId}:user/lee.wong` },
            requestParameters: { instanceType: 'm5.xlarge' },
            responseElements: { instancesSet: { items: [{ instanceId, instanceType: 'm5.xlarge' }] } },
          },
        }),
      }),
    );
    const before = await waitUntil(ledger, (view) => rowsOf(view, [instanceId]).length === 1);
    expect(rowsOf(before, [instanceId])[0]).toMatchObject({ billed: false, running: true });
    const liveBefore = before.summary.running_count;
    const rateBefore = before.summary.usd_per_hour;
    const billedPrice = rowsOf(before, [instanceId])[0]?.added_usd_per_hour ?? 0;
    expect(billedPrice).toBeGreaterThan(0);

    // The bill lands for the integration (what a sync ingests) through today's first hours: yesterday is
    // complete, so the row's hours are billed now; today, the last and partial day, is not yet.
    const today = new Date();
    const state = await ingestCurLineItems(server, { organizationId, integrationId }, [
      {
        type: 'Usage',
        usageType: 'BoxUsage:m5.xlarge',
        unblended: '4.6',
        start: `${isoDayOf(yesterday)} 12:00:00`,
        billingPeriod: `${isoDayOf(yesterday).slice(0, 7)}-01`,
      },
      {
        type: 'Usage',
        usageType: 'BoxUsage:m5.large',
        unblended: '0.1',
        start: `${isoDayOf(today)} 00:00:00`,
        billingPeriod: `${isoDayOf(today).slice(0, 7)}-01`,
      },
    ]);
    expect(state).toBe('succeeded');
    const after = await ledger();
    expect(rowsOf(after, [instanceId])[0]).toMatchObject({ billed: true });
    // Launches that start after the bill's end are still live; the earlier tests' launches are billed only
    // when they started before it (run just after midnight UTC, they started on the now-complete day).
    const billEnds = Date.parse(`${isoDayOf(today)}T00:00:00Z`);
    for (const row of after.rows.filter((row) => row.resource_id !== instanceId)) {
      expect(row.billed).toBe(Date.parse(row.started_at) < billEnds);
    }
    // What the bill now covers leaves the live figures: this row, and any earlier one it also covers.
    const billedNow = before.rows.filter(
      (row) => row.running && !row.billed && after.rows.some((later) => later.id === row.id && later.billed),
    );
    expect(billedNow.map((row) => row.resource_id)).toContain(instanceId);
    expect(after.summary.running_count).toBe(liveBefore - billedNow.length);
    expect(after.summary.usd_per_hour).toBeCloseTo(
      rateBefore - billedNow.reduce((sum, row) => sum + (row.added_usd_per_hour ?? 0), 0),
      2,
    );
    expect(after.summary.billing_data_ends_at).toBe(`${isoDayOf(today)}T00:00:00.000Z`);
  });
});

// Last: it closes the server.
describe('shutdown', () => {
  it('closes at once while the poller waits in a 20 s long poll', async () => {
    await pollerWaiting();
    // A long poll of our own on the same empty queue: it ends when the poller's would (20 s), not before.
    const longPollOver = sender
      .send(new ReceiveMessageCommand({ QueueUrl: queueUrl(), WaitTimeSeconds: 20 }))
      .then(() => 'the 20 s long poll ended' as const);
    const closed = server.close().then(() => 'server closed' as const);
    serverClosed = true;
    expect(await Promise.race([closed, longPollOver])).toBe('server closed');
  }, 30_000);
});
