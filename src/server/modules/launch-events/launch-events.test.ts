import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_EVENTS } from '../../../aws-sim/company/company-profile.ts';
import { type AwsSimulator, READ_ONLY_PERMISSIONS } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import {
  assumeRole,
  startTestSimulator,
  type TestClock,
  testClock,
} from '../../../aws-sim/testing/test-simulator.ts';
import { pricedInstanceType } from '../../../catalog/ec2-instance-catalog.ts';
import type { LaunchLedgerRowView, LaunchLedgerView } from '../../../contracts/launch-events.ts';
import type { LaunchChange } from '../../../domain/launch-changes.ts';
import { COMMERCIAL_AWS_REGIONS } from '../../../domain/launch-event-regions.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import {
  integrationsModuleOf,
  launchEventsModuleOf,
  startLaunchEventPoller,
  trustIssuedExternalId,
  viewerOf,
  waitUntil,
} from '../../testing/launch-event-fixtures.ts';
import { callAs, inviteNewPerson, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Early warning end to end: the simulated company's launch events go through its SQS queue and the
 * real SDK into the worker's poller (a pg-boss job), and come out of GET /api/launch-ledger priced.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let owner: Person;
let stranger: Person;
let organizationId: string;
let demoIntegrationId: string;
let demoAccount: string;
let sender: SQSClient;

const DATA_ACCOUNT = '746251839027';
const NO_QUEUE_ACCOUNT = '111122223333';
const P4D = pricedInstanceType('p4d.24xlarge').hourlyPriceUsd;

async function ledger(person: Person, query = ''): Promise<LaunchLedgerView> {
  const response = await callAs(server, person)('GET', `/api/launch-ledger${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const rowsOf = (view: LaunchLedgerView, ids: string[]) =>
  view.rows.filter((row) => ids.includes(row.resource_id));

async function status(person: Person, integrationId: string) {
  const response = await callAs(server, person)('GET', '/api/launch-events/status');
  expect(response.statusCode).toBe(200);
  return response
    .json()
    .integrations.find((entry: { integration_id: string }) => entry.integration_id === integrationId);
}

function queueUrlOf(accountId: string) {
  return `${simulator.endpoint}/${accountId}/${simulator.company.launchEventsQueue}`;
}

async function depth(accountId: string) {
  const answer = await sender.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrlOf(accountId),
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(answer.Attributes?.ApproximateNumberOfMessages) +
    Number(answer.Attributes?.ApproximateNumberOfMessagesNotVisible)
  );
}

function stateChange(instanceId: string, state: string, time: Date, account = demoAccount) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'EC2 Instance State-change Notification',
    source: 'aws.ec2',
    account,
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [`arn:aws:ec2:us-east-1:${account}:instance/${instanceId}`],
    detail: { 'instance-id': instanceId, state },
  };
}

/** The CloudTrail RunInstances event of one instance (what the company's rule forwards). */
function runInstances(instanceId: string, instanceType: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.ec2',
    account: demoAccount,
    time: clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [],
    detail: {
      eventName: 'RunInstances',
      userIdentity: { arn: `arn:aws:iam::${demoAccount}:user/lee.wong` },
      requestParameters: { instanceType },
      responseElements: { instancesSet: { items: [{ instanceId, instanceType }] } },
    },
  };
}

async function enqueue(body: unknown) {
  await sender.send(
    new SendMessageCommand({
      QueueUrl: queueUrlOf(demoAccount),
      MessageBody: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

beforeAll(async () => {
  // The simulator's clock starts now, so events are as recent as the server's own clock says.
  ({ simulator, clock } = await startTestSimulator({ clock: testClock(new Date()) }));
  server = await createTestApp({
    queue: true,
    // Without the demo account the app starts no demo organization and no 13-month sync beside the test.
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  owner = await signUpVerified(server, 'owner@launches.test', 'Olivia Owner');
  stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  const viewer = await viewerOf(server, owner);
  organizationId = viewer.organizationId;
  const integrations = integrationsModuleOf(server);
  const connected = await integrations.create(viewer, {
    kind: 'aws-role',
    name: 'Acme Corp',
    role_arn: simulator.company.demoRoleArn,
    external_id: trustIssuedExternalId(simulator, simulator.company.demoRoleArn, integrations, viewer),
  });
  demoIntegrationId = connected.id;
  demoAccount = simulator.company.demoRoleArn.split(':')[4] ?? '';
  // A role of the same account that may send to its queue: what EventBridge does, and the faults it may not.
  const senderRole = `arn:aws:iam::${demoAccount}:role/TestEventSender`;
  simulator.registerRole(senderRole, 'sender', { permissions: ['sqs:*'] });
  const senderCredentials = await assumeRole(simulator, senderRole, 'sender');
  sender = simulatorClients(simulator, { credentials: senderCredentials }).sqs;
  // The customer deployed the stack a second time, in eu-west-1 (LaunchEventsOnly=true): its queue.
  await simulatorClients(simulator, { credentials: senderCredentials, region: 'eu-west-1' }).sqs.send(
    new CreateQueueCommand({
      QueueName: LAUNCH_EVENTS.queueName,
      Attributes: Object.fromEntries(
        Object.entries(LAUNCH_EVENTS.queueAttributes).map(([name, value]) => [name, String(value)]),
      ),
    }),
  );
  await startLaunchEventPoller(server, demoIntegrationId);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe('launch events through the queue', () => {
  it('prices a GPU burst and names who launched it, within the poll', async () => {
    const burst = simulator.launchGpuBurst({ accountId: demoAccount, count: 8, userName: 'maya.chen' });
    expect(burst.delivered).toBe(true);
    const view = await waitUntil(
      () => ledger(owner),
      (answer) => rowsOf(answer, burst.instanceIds).filter((row) => row.launched_by).length === 8,
    );
    const rows = rowsOf(view, burst.instanceIds);
    expect(rows[0]).toMatchObject({
      integration_id: demoIntegrationId,
      resource_kind: 'ec2-instance',
      type: 'p4d.24xlarge',
      count: 1,
      region: 'us-east-1',
      account_id: demoAccount,
      running: true,
      usd_per_hour: P4D,
      added_usd_per_hour: P4D,
      price_source: 'catalog',
      unknown_reason: null,
      billed: false,
    } satisfies Partial<LaunchLedgerRowView>);
    expect(rows[0]?.launched_by).toMatch(/user\/maya\.chen$/);
    expect(view.summary.running_count).toBeGreaterThanOrEqual(8);
    expect(view.summary.usd_per_hour).toBeGreaterThanOrEqual(Math.round(8 * P4D * 100) / 100 - 0.01);
    await waitUntil(
      () => depth(demoAccount),
      (left) => left === 0,
    );
    const card = await status(owner, demoIntegrationId);
    expect(card).toMatchObject({ state: 'arriving', api_destination: false });
    expect(card.last_state_change_at).not.toBeNull();
    expect(card.last_api_call_at).not.toBeNull();
    expect(card.queues.find((queue: { region: string }) => queue.region === 'us-east-1')).toMatchObject({
      state: 'arriving',
    });
  });

  it('counts a duplicate delivery once and orders a stop delivered before its start by event time', async () => {
    const instanceId = `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const start = new Date(clock.now().getTime() - 30 * 60_000);
    const stop = new Date(start.getTime() + 10 * 60_000);
    const stopped = stateChange(instanceId, 'stopped', stop);
    const running = stateChange(instanceId, 'running', start);
    await enqueue(stopped);
    await enqueue(stopped);
    await enqueue(running);
    await enqueue(running);
    const view = await waitUntil(
      () => ledger(owner),
      (answer) => rowsOf(answer, [instanceId]).some((row) => row.ended_at !== null),
    );
    await waitUntil(
      () => depth(demoAccount),
      (left) => left === 0,
    );
    const rows = rowsOf(await ledger(owner), [instanceId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      started_at: start.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      ended_at: stop.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      running: false,
      // A state change names no type, and the inventory has not seen it: price unknown, row kept.
      usd_per_hour: null,
      price_source: null,
    });
    expect(rowsOf(view, [instanceId])[0]?.unknown_reason).toMatch(/instance type/);
  });

  it('lists an instance type it cannot price as "price unknown", never dropped', async () => {
    const instanceId = `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await enqueue(runInstances(instanceId, 'zz9.mega'));
    const view = await waitUntil(
      () => ledger(owner),
      (answer) => rowsOf(answer, [instanceId]).some((row) => row.type === 'zz9.mega'),
    );
    expect(rowsOf(view, [instanceId])[0]).toMatchObject({
      type: 'zz9.mega',
      running: true,
      usd_per_hour: null,
      added_usd_per_hour: null,
      price_source: null,
    });
    expect(rowsOf(view, [instanceId])[0]?.unknown_reason).toMatch(/zz9\.mega in us-east-1/);
    expect(view.summary.unpriced_count).toBeGreaterThanOrEqual(1);
  });

  it('keeps, counts and deletes a malformed or foreign message, and goes on polling', async () => {
    const before = (await status(owner, demoIntegrationId)).rejected_count;
    await enqueue('this is not an event');
    await enqueue(stateChange('i-0foreign000000001', 'running', clock.now(), '999988887777'));
    const after = simulator.launchGpuBurst({ accountId: demoAccount, count: 1, instanceType: 'm5.large' });
    await waitUntil(
      () => ledger(owner),
      (answer) => rowsOf(answer, after.instanceIds).length === 1,
    );
    await waitUntil(
      () => depth(demoAccount),
      (left) => left === 0,
    );
    const card = await waitUntil(
      () => status(owner, demoIntegrationId),
      (entry) => entry.rejected_count === before + 2,
    );
    expect(card.state).toBe('arriving');
    const kept = await server.context.database.db
      .selectFrom('launch_event_rejections')
      .select(['reason', 'body'])
      .where('integration_id', '=', demoIntegrationId)
      .execute();
    expect(kept.map((row) => row.reason).sort()).toEqual(['foreign-account', 'not-json']);
    expect(kept.find((row) => row.reason === 'not-json')?.body).toBe('this is not an event');
  });
});

describe('inspecting rejected messages', () => {
  const path = () => `/api/integrations/${demoIntegrationId}/launch-events/rejections`;

  it('lists the newest to owners and admins with the reason, the region and the body cut to 2,000 characters', async () => {
    const long = `{"not": "json at all ${'x'.repeat(5_000)}`;
    await enqueue(long);
    const answer = (
      await waitUntil(
        () => callAs(server, owner)('GET', path()),
        (response) =>
          response.statusCode === 200 &&
          response
            .json()
            .rejections.some((entry: { body_length: number }) => entry.body_length === long.length),
      )
    ).json();
    // The two of the test before, and this one.
    expect(answer).toMatchObject({ integration_id: demoIntegrationId, total: 3 });
    expect(answer.rejections).toHaveLength(3);
    expect(answer.rejections[0]).toMatchObject({
      region: 'us-east-1',
      reason: 'not-json',
      body: long.slice(0, 2_000),
      body_length: long.length,
    });
    expect(answer.rejections[0].message_id).toMatch(/\S/);
    const times = answer.rejections.map((entry: { received_at: string }) => entry.received_at);
    expect([...times].sort().reverse()).toEqual(times);
    const foreign = answer.rejections.find((entry: { reason: string }) => entry.reason === 'foreign-account');
    expect(foreign?.body).toContain('999988887777');
    expect(foreign?.message).toMatch(/\S/);
    expect((await status(owner, demoIntegrationId)).rejected_count).toBe(3);

    const admin = await inviteNewPerson(server, owner, { email: 'admin@launches.test', role: 'admin' });
    expect((await callAs(server, admin)('GET', path())).statusCode).toBe(200);
  });

  it('refuses members (403), another organization (404) and a malformed id (400)', async () => {
    const member = await inviteNewPerson(server, owner, { email: 'member@launches.test', role: 'member' });
    const refused = await callAs(server, member)('GET', path());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBeDefined();
    const stranger404 = await callAs(server, stranger)('GET', path());
    expect(stranger404.statusCode).toBe(404);
    expect(
      (await callAs(server, owner)('GET', `/api/integrations/${randomUUID()}/launch-events/rejections`))
        .statusCode,
    ).toBe(404);
    const malformed = await callAs(server, owner)('GET', '/api/integrations/nope/launch-events/rejections');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Message).toMatch(/id/);
  });
});

describe('queues in each region the stack was deployed to', () => {
  it('discovers the eu-west-1 queue, polls it, and lists only the regions that have a queue', async () => {
    const burst = simulator.launchGpuBurst({
      accountId: demoAccount,
      region: 'eu-west-1',
      count: 2,
      instanceType: 'm5.large',
      userName: 'lee.wong',
    });
    expect(burst.delivered).toBe(true);
    const view = await waitUntil(
      () => ledger(owner, '?region=eu-west-1'),
      (answer) => rowsOf(answer, burst.instanceIds).filter((row) => row.launched_by).length === 2,
    );
    expect(rowsOf(view, burst.instanceIds)[0]).toMatchObject({
      integration_id: demoIntegrationId,
      region: 'eu-west-1',
      account_id: demoAccount,
      type: 'm5.large',
    });
    // The poller records a queue's state once it has stored a batch and deleted it from SQS, a moment
    // after the batch is in the ledger: the card lists the region from then on.
    const card = await waitUntil(
      () => status(owner, demoIntegrationId),
      (entry) => entry.queues.length === 2,
    );
    // Every commercial region was asked; the others have no queue and are no error of the card's.
    expect(card.queues.map((queue: { region: string }) => queue.region)).toEqual(['eu-west-1', 'us-east-1']);
    expect(card.queues.map((queue: { state: string }) => queue.state)).toEqual(['arriving', 'arriving']);
    expect(card.state).toBe('arriving');
    const probes = await server.context.database.db
      .selectFrom('launch_event_region_probes')
      .select(['region', 'outcome'])
      .where('integration_id', '=', demoIntegrationId)
      .execute();
    expect(probes).toHaveLength(COMMERCIAL_AWS_REGIONS.length);
    const outcomeOf = (region: string) => probes.find((probe) => probe.region === region)?.outcome;
    expect([outcomeOf('us-east-1'), outcomeOf('eu-west-1')]).toEqual(['queue', 'queue']);
    expect([outcomeOf('ap-southeast-2'), outcomeOf('us-west-2')]).toEqual(['no-queue', 'no-queue']);
  });
});

describe('queues that cannot be read', () => {
  it('names a missing queue and a role without sqs:ReceiveMessage on the status', async () => {
    const viewer = await viewerOf(server, owner);
    const integrations = integrationsModuleOf(server);
    const missingRole = `arn:aws:iam::${NO_QUEUE_ACCOUNT}:role/SpendguardReadOnly`;
    simulator.registerRole(missingRole, 'no-queue');
    const deniedRole = `arn:aws:iam::${DATA_ACCOUNT}:role/SpendguardBeforeLaunchEvents`;
    simulator.registerRole(deniedRole, 'old-stack', { permissions: READ_ONLY_PERMISSIONS });
    const missing = await integrations.create(viewer, {
      kind: 'aws-role',
      name: 'No queue here',
      role_arn: missingRole,
      external_id: trustIssuedExternalId(simulator, missingRole, integrations, viewer),
    });
    const denied = await integrations.create(viewer, {
      kind: 'aws-role',
      name: 'Stack from before launch events',
      role_arn: deniedRole,
      external_id: trustIssuedExternalId(simulator, deniedRole, integrations, viewer),
    });
    await startLaunchEventPoller(server, missing.id);
    await startLaunchEventPoller(server, denied.id);
    const missingCard = await waitUntil(
      () => status(owner, missing.id),
      (entry) => entry.state !== 'waiting',
    );
    expect(missingCard).toMatchObject({ state: 'queue-missing', queues: [] });
    expect(missingCard.message).toMatch(
      new RegExp(
        `No region has a spendguard-launch-events queue in account ${NO_QUEUE_ACCOUNT} \\(QueueDoesNotExist in each of the ${COMMERCIAL_AWS_REGIONS.length} regions probed: `,
      ),
    );
    expect(missingCard.message).toMatch(/ap-southeast-2, .*eu-west-1, .*us-east-1/);
    const deniedCard = await waitUntil(
      () => status(owner, denied.id),
      (entry) => entry.state !== 'waiting',
    );
    expect(deniedCard).toMatchObject({ state: 'access-denied', queues: [] });
    expect(deniedCard.message).toMatch(/sqs:ReceiveMessage/);
  });
});

describe('tenants', () => {
  it("answers 404 for another organization's integration", async () => {
    const asStranger = callAs(server, stranger);
    expect(
      (await asStranger('GET', `/api/launch-ledger?integration_id=${demoIntegrationId}`)).statusCode,
    ).toBe(404);
    expect(
      (await asStranger('POST', `/api/integrations/${demoIntegrationId}/launch-events/secret`)).statusCode,
    ).toBe(404);
    const theirs = await ledger(stranger);
    expect(theirs.rows).toEqual([]);
    expect((await callAs(server, stranger)('GET', '/api/launch-events/status')).json()).toEqual({
      integrations: [],
    });
  });
});

describe('the EventBridge API destination', () => {
  it('takes envelopes with the right secret only, and stores them like polled ones', async () => {
    const asOwner = callAs(server, owner);
    const created = await asOwner('POST', `/api/integrations/${demoIntegrationId}/launch-events/secret`);
    expect(created.statusCode).toBe(201);
    const { secret, header, endpoint } = created.json();
    expect(header).toBe('x-spendguard-events-secret');
    expect(endpoint).toMatch(new RegExp(`/api/aws-events/${demoIntegrationId}$`));
    const instanceId = `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const envelope = stateChange(instanceId, 'running', clock.now());
    const post = (headers: Record<string, string>, payload: unknown = envelope, id = demoIntegrationId) =>
      server.app.inject({
        method: 'POST',
        url: `/api/aws-events/${id}`,
        headers,
        payload: payload as object,
      });

    expect((await post({})).statusCode).toBe(401);
    expect((await post({ 'x-spendguard-events-secret': `${secret}x` })).statusCode).toBe(401);
    expect((await post({ 'x-spendguard-events-secret': secret }, envelope, randomUUID())).statusCode).toBe(
      404,
    );
    const first = await post({ 'x-spendguard-events-secret': secret }, [envelope, { not: 'an event' }]);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ accepted: 1, fresh: 1, duplicates: 0, rejected: 1 });
    const again = await post({ 'x-spendguard-events-secret': secret });
    expect(again.json()).toEqual({ accepted: 1, fresh: 0, duplicates: 1, rejected: 0 });
    expect(rowsOf(await ledger(owner), [instanceId])).toHaveLength(1);
    expect((await status(owner, demoIntegrationId)).api_destination).toBe(true);
    // Fields no EventBridge event carries are rejections, kept like any other, never a failed request.
    const strange = await post({ 'x-spendguard-events-secret': secret }, [
      { ...envelope, id: 'x'.repeat(4000) },
      { ...stateChange(`i-${'a'.repeat(4000)}`, 'running', clock.now()) },
      { ...stateChange(instanceId, 'running', clock.now()), time: '0000-01-01T00:00:00Z' },
    ]);
    expect(strange.statusCode).toBe(202);
    expect(strange.json()).toEqual({ accepted: 0, fresh: 0, duplicates: 0, rejected: 3 });

    expect(
      (await asOwner('DELETE', `/api/integrations/${demoIntegrationId}/launch-events/secret`)).statusCode,
    ).toBe(204);
    expect((await post({ 'x-spendguard-events-secret': secret })).statusCode).toBe(401);
  });

  it('tells listeners of fresh changes only: a redelivery fires nothing', async () => {
    const module = launchEventsModuleOf(server);
    const heard: LaunchChange[][] = [];
    module.onLaunchChanges(({ organizationId: organization, fresh }) => {
      expect(organization).toBe(organizationId);
      heard.push(fresh);
    });
    const viewer = await viewerOf(server, owner);
    const { secret } = await module.createSecret(viewer, demoIntegrationId);
    const envelope = stateChange(
      `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      'running',
      clock.now(),
    );
    await module.receiveFromApiDestination(demoIntegrationId, secret, envelope);
    await module.receiveFromApiDestination(demoIntegrationId, secret, envelope);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.map((change) => change.action)).toEqual(['start']);
    const snapshot = await module.snapshot(organizationId, { integrationIds: [demoIntegrationId] });
    expect(snapshot.integrations.map((entry) => entry.integrationId)).toEqual([demoIntegrationId]);
    expect(snapshot.integrations[0]?.rows.length).toBeGreaterThan(0);
  });
});

describe('the demo GPU burst', () => {
  it('launches in the organization’s simulated account, and its events reach the ledger', async () => {
    const launched = await callAs(server, owner)('POST', '/api/demo/launch-gpu-burst', { count: 2 });
    expect(launched.statusCode).toBe(200);
    const answer = launched.json();
    expect(answer).toMatchObject({
      count: 2,
      instance_type: 'p4d.24xlarge',
      region: 'us-east-1',
      account_id: demoAccount,
    });
    await waitUntil(
      () => ledger(owner),
      (view) => rowsOf(view, answer.instance_ids).filter((row) => row.launched_by).length === 2,
    );
    const refused = await callAs(server, stranger)('POST', '/api/demo/launch-gpu-burst');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Code).toBe('NoSimulatorIntegration');
    const tooMany = await callAs(server, owner)('POST', '/api/demo/launch-gpu-burst', { count: 17 });
    expect(tooMany.statusCode).toBe(400);
  });
});

// Last: it moves the simulator's clock past the visibility timeout.
describe('a poller killed mid-batch', () => {
  it('loses nothing: what it received and did not delete comes back after the visibility timeout', async () => {
    const viewer = await viewerOf(server, owner);
    const dataAccount = simulator.company.accounts.find((account) => account.id === DATA_ACCOUNT);
    if (!dataAccount) throw new Error('acme-data is missing');
    const integrations = integrationsModuleOf(server);
    const data = await integrations.create(viewer, {
      kind: 'aws-role',
      name: 'acme-data',
      role_arn: dataAccount.demoRoleArn,
      external_id: trustIssuedExternalId(simulator, dataAccount.demoRoleArn, integrations, viewer),
    });
    const burst = simulator.launchGpuBurst({ accountId: DATA_ACCOUNT, count: 2 });
    // The killed poller: it received the whole batch, then died before storing and deleting it.
    const killed = simulatorClients(simulator, {
      credentials: await assumeRole(simulator, dataAccount.demoRoleArn, simulator.company.demoExternalId),
    }).sqs;
    const taken = await killed.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrlOf(DATA_ACCOUNT), MaxNumberOfMessages: 10 }),
    );
    expect(taken.Messages?.length).toBeGreaterThan(0);
    clock.advance(61_000);
    await startLaunchEventPoller(server, data.id);
    const view = await waitUntil(
      () => ledger(owner, `?integration_id=${data.id}`),
      (answer) => rowsOf(answer, burst.instanceIds).filter((row) => row.launched_by).length === 2,
    );
    expect(rowsOf(view, burst.instanceIds).every((row) => row.usd_per_hour === P4D)).toBe(true);
  });
});
