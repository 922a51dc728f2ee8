/**
 * bench/launch-alerts.ts, part 2 (issue 17): 1,000 launch events a minute across 50 integrations, each
 * its own AWS account with its own `spendguard-launch-events` queue in the simulator, sent with the real
 * SDK (SendMessageBatch, as EventBridge delivers them), ingested by the real app's pollers.
 *
 *   node --import tsx bench/support/launch-throughput.ts [eventsPerMinute=1000] [integrations=50] [seconds=180]
 *   LAUNCH_EVENT_POLLERS_PER_NODE=8 …   (the app's setting, default 50: one poller per integration here)
 *
 * Each integration is an organization of its own (owner, Business trial, a launch rule as the demo has
 * one, so every stored batch is also evaluated), connected through the role of its account
 * (`registerRole` with the template's grants). A second role of each account, allowed `sqs:*`, stands
 * in for EventBridge: it creates the queue with the template's settings and sends to it. The events are
 * the simulator's own envelopes (`launch-event-envelopes.ts`): launches of 1-4 instances (pending and
 * running notifications and the RunInstances call) and stops of earlier ones (stopping and stopped
 * notifications and the StopInstances call), of catalog instance types.
 *
 * Measured: events sent and stored each 10 s and each minute, the queue depth summed over every queue
 * (GetQueueAttributes: visible and in flight) over time and after the sending stops until it is zero,
 * and per event the lag from the SendMessageBatch call (made at once when the event is due) to the first
 * `received_at` of its stored changes (one event, one or more changes).
 */
import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { sql } from 'kysely';
import { LAUNCH_EVENTS } from '../../src/aws-sim/company/company-profile.ts';
import type { FleetInstance } from '../../src/aws-sim/company/fleet.ts';
import {
  type EventBridgeEnvelope,
  instancesCallEnvelope,
  runInstancesEnvelope,
  stateChangeEnvelope,
} from '../../src/aws-sim/company/launch-event-envelopes.ts';
import type { AwsSimulator } from '../../src/aws-sim/index.ts';
import { assumeRole } from '../../src/aws-sim/testing/test-simulator.ts';
import { viewerOf } from '../../src/server/testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../../src/server/testing/organization-fixtures.ts';
import type { TestApp } from '../../src/server/testing/test-app.ts';
import {
  connectRole,
  databaseLabel,
  loadAverage,
  sleep,
  spread,
  startBenchApp,
  startRealTimeSimulator,
} from './launch-bench-world.ts';

const EVENTS_PER_MINUTE = Number(process.argv[2] ?? 1000);
const INTEGRATIONS = Number(process.argv[3] ?? 50);
const SENDING_SECONDS = Number(process.argv[4] ?? 180);
/** The app's default (50) unless set: one poller for each of the 50 integrations. */
const POLLERS = process.env.LAUNCH_EVENT_POLLERS_PER_NODE ?? '50';
/** After the sending stops: how long the queues may take to empty before the bench gives up. */
const DRAIN_TIMEOUT_MS = 15 * 60_000;
const SAMPLE_MS = 10_000;
const TYPES = ['m5.large', 'c5.xlarge', 't3.medium', 'r5.large', 'm6i.2xlarge', 'g5.xlarge', 'c6i.4xlarge'];

interface Tenant {
  index: number;
  accountId: string;
  sqs: SQSClient;
  queueUrl: string;
  running: FleetInstance[];
  /** Envelopes made but not sent yet (a launch or stop is made whole, then sent as its turn comes). */
  backlog: EventBridgeEnvelope[];
  launches: number;
}

const accountOf = (index: number) => `7000${String(index).padStart(8, '0')}`;

function newInstance(tenant: Tenant, type: string, nowMs: number, ordinal: number): FleetInstance {
  const hex = randomUUID().replaceAll('-', '').slice(0, 17);
  return {
    name: `bench-${tenant.index}-${tenant.launches}-${ordinal}`,
    account: 'data',
    region: 'us-east-1',
    instanceType: type,
    plant: 'healthy',
    note: 'launched by bench/launch-alerts.ts',
    launchedDaysBeforeAnchor: 0,
    team: 'data',
    project: 'bench',
    volumeGb: 100,
    cpuAverage: 40,
    cpuPeak: 80,
    networkBytesPerHour: 1e8,
    instanceId: `i-0${hex.slice(0, 16)}`,
    accountId: tenant.accountId,
    availabilityZone: 'us-east-1a',
    imageId: 'ami-0bench00000000001',
    volumeId: `vol-0${hex.slice(1, 17)}`,
    vpcId: 'vpc-0bench00000000001',
    subnetId: 'subnet-0bench0000000001',
    privateIpAddress: `10.${tenant.index}.${tenant.launches % 250}.${10 + ordinal}`,
    launchTime: nowMs,
    tags: { team: 'data', project: 'bench', env: 'production' },
  };
}

/** The next launch or stop of this tenant's fleet, as EventBridge would deliver it. */
function nextActivity(tenant: Tenant, nowMs: number): EventBridgeEnvelope[] {
  const caller = {
    accountId: tenant.accountId,
    region: 'us-east-1',
    userName: `dev${tenant.launches % 5}`,
  };
  if (tenant.running.length >= 6 && Math.random() < 0.5) {
    const stopped = tenant.running.splice(0, 1 + Math.floor(Math.random() * 3));
    return [
      ...stopped.map((instance) => stateChangeEnvelope(instance, 'stopping', nowMs)),
      ...stopped.map((instance) => stateChangeEnvelope(instance, 'stopped', nowMs)),
      instancesCallEnvelope(
        caller,
        'StopInstances',
        stopped.map((instance) => instance.instanceId),
        { from: [16, 'running'], to: [64, 'stopping'] },
        nowMs,
      ),
    ];
  }
  tenant.launches += 1;
  const type = TYPES[Math.floor(Math.random() * TYPES.length)] ?? 'm5.large';
  const count = 1 + Math.floor(Math.random() * 4);
  const launched = Array.from({ length: count }, (_, ordinal) => newInstance(tenant, type, nowMs, ordinal));
  tenant.running.push(...launched);
  return [
    ...launched.map((instance) => stateChangeEnvelope(instance, 'pending', nowMs)),
    ...launched.map((instance) => stateChangeEnvelope(instance, 'running', nowMs)),
    runInstancesEnvelope(caller, launched, nowMs),
  ];
}

async function setUpTenants(simulator: AwsSimulator, server: TestApp): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let index = 1; index <= INTEGRATIONS; index += 1) {
    const accountId = accountOf(index);
    const roleArn = `arn:aws:iam::${accountId}:role/SpendguardReadOnly`;
    const senderArn = `arn:aws:iam::${accountId}:role/BenchEventBridge`;
    simulator.registerRole(roleArn, `bench-${index}`);
    simulator.registerRole(senderArn, 'bench-sender', { permissions: ['sqs:*'] });
    const sqs = new SQSClient({
      endpoint: simulator.endpoint,
      region: 'us-east-1',
      credentials: await assumeRole(simulator, senderArn, 'bench-sender', 43_200),
    });
    const created = await sqs.send(
      new CreateQueueCommand({
        QueueName: LAUNCH_EVENTS.queueName,
        Attributes: Object.fromEntries(
          Object.entries(LAUNCH_EVENTS.queueAttributes).map(([name, value]) => [name, String(value)]),
        ),
      }),
    );
    const owner = await signUpVerified(server, `owner${index}@throughput.test`, `Owner ${index}`);
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    const rule = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: 50 },
    });
    if (rule.statusCode !== 201) throw new Error(`POST /api/alert-rules: ${rule.body}`);
    await connectRole(server, simulator, await viewerOf(server, owner), { name: `Tenant ${index}`, roleArn });
    tenants.push({
      index,
      accountId,
      sqs,
      queueUrl: created.QueueUrl ?? '',
      running: [],
      backlog: [],
      launches: 0,
    });
  }
  return tenants;
}

async function queueDepth(tenants: Tenant[]): Promise<number> {
  const depths = await Promise.all(
    tenants.map(async (tenant) => {
      const answer = await tenant.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: tenant.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      return (
        Number(answer.Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(answer.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
      );
    }),
  );
  return depths.reduce((sum, depth) => sum + depth, 0);
}

async function storedEvents(server: TestApp): Promise<number> {
  const { rows } = await sql<{ events: string }>`
    select count(distinct event_id) as events from launch_changes`.execute(server.context.database.db);
  return Number(rows[0]?.events ?? 0);
}

/** Sends the events due by now, round robin over the tenants, in batches of up to 10 per queue. */
function createSender(tenants: Tenant[], sentAt: Map<string, number>) {
  let sent = 0;
  let turn = 0;
  return {
    sent: () => sent,
    async sendDue(elapsedMs: number) {
      const due = Math.floor((EVENTS_PER_MINUTE * elapsedMs) / 60_000) - sent;
      const outgoing = new Map<Tenant, EventBridgeEnvelope[]>();
      for (let n = 0; n < due; n += 1) {
        const tenant = tenants[turn % tenants.length] as Tenant;
        turn += 1;
        if (tenant.backlog.length === 0) tenant.backlog.push(...nextActivity(tenant, Date.now()));
        const list = outgoing.get(tenant) ?? [];
        list.push(tenant.backlog.shift() as EventBridgeEnvelope);
        outgoing.set(tenant, list);
      }
      sent += due;
      await Promise.all(
        [...outgoing].map(async ([tenant, envelopes]) => {
          for (let start = 0; start < envelopes.length; start += 10) {
            const batch = envelopes.slice(start, start + 10);
            const at = Date.now();
            const answer = await tenant.sqs.send(
              new SendMessageBatchCommand({
                QueueUrl: tenant.queueUrl,
                Entries: batch.map((envelope, index) => ({
                  Id: String(index),
                  MessageBody: JSON.stringify(envelope),
                })),
              }),
            );
            if ((answer.Failed ?? []).length > 0)
              throw new Error(`SendMessageBatch failed: ${answer.Failed}`);
            for (const envelope of batch) sentAt.set(envelope.id, at);
          }
        }),
      );
    },
  };
}

async function main() {
  const simulator = await startRealTimeSimulator();
  let server: TestApp | undefined;
  let tenants: Tenant[] = [];
  try {
    server = await startBenchApp(simulator, { LAUNCH_EVENT_POLLERS_PER_NODE: POLLERS });
    const setUp = Date.now();
    tenants = await setUpTenants(simulator, server);
    console.log(
      `${databaseLabel()}: ${INTEGRATIONS} organizations, accounts, queues and integrations ready in ${Math.round((Date.now() - setUp) / 1000)} s; ` +
        `LAUNCH_EVENT_POLLERS_PER_NODE=${POLLERS}; sending ${EVENTS_PER_MINUTE} events a minute for ${SENDING_SECONDS} s (load average ${loadAverage()})`,
    );
    await sleep(5_000); // the pollers' first jobs start (pg-boss polls every 2 s)
    const sentAt = new Map<string, number>();
    const sender = createSender(tenants, sentAt);
    const samples: Array<{ atS: number; sent: number; stored: number; depth: number }> = [];
    const started = Date.now();
    let nextSample = started + SAMPLE_MS;
    let drainedAt: number | undefined;
    const sample = async () => {
      const [stored, depth] = await Promise.all([storedEvents(server as TestApp), queueDepth(tenants)]);
      const entry = { atS: Math.round((Date.now() - started) / 1000), sent: sender.sent(), stored, depth };
      samples.push(entry);
      console.log(
        `  t=${String(entry.atS).padStart(4)} s  sent ${String(entry.sent).padStart(5)}  stored ${String(stored).padStart(5)}  queue depth ${String(depth).padStart(4)}  load ${loadAverage()}`,
      );
      return entry;
    };
    while (Date.now() - started < SENDING_SECONDS * 1000) {
      await sender.sendDue(Date.now() - started);
      if (Date.now() >= nextSample) {
        nextSample += SAMPLE_MS;
        await sample();
      }
      await sleep(250);
    }
    await sender.sendDue(SENDING_SECONDS * 1000);
    const stoppedSending = Date.now();
    for (;;) {
      const entry = await sample();
      if (entry.depth === 0 && entry.stored >= entry.sent) {
        drainedAt = Date.now();
        break;
      }
      if (Date.now() - stoppedSending > DRAIN_TIMEOUT_MS) break;
      await sleep(entry.depth > 100 ? SAMPLE_MS : 1_000);
    }
    const { rows } = await sql<{ event_id: string; received_at: Date }>`
      select event_id, min(received_at) as received_at from launch_changes group by event_id`.execute(
      server.context.database.db,
    );
    const lags = rows.flatMap((row) => {
      const sent = sentAt.get(row.event_id);
      return sent === undefined ? [] : [new Date(row.received_at).getTime() - sent];
    });
    const rejected = await sql<{ n: string }>`select count(*) as n from launch_event_rejections`.execute(
      server.context.database.db,
    );
    const perMinute: string[] = [];
    for (let minute = 1; minute * 60 <= SENDING_SECONDS; minute += 1) {
      const at = (s: number) => samples.findLast((entry) => entry.atS <= s)?.stored ?? 0;
      perMinute.push(String(at(minute * 60) - at((minute - 1) * 60)));
    }
    console.log(
      `${databaseLabel()}, ${INTEGRATIONS} integrations, ${EVENTS_PER_MINUTE}/min for ${SENDING_SECONDS} s, LAUNCH_EVENT_POLLERS_PER_NODE=${POLLERS} (load average ${loadAverage()}):`,
    );
    console.log(
      `  sent ${sender.sent()}, stored ${rows.length} distinct events, rejected ${rejected.rows[0]?.n ?? '?'}; ` +
        `stored per minute while sending: ${perMinute.join(', ')}`,
    );
    console.log(
      `  queue depth: max ${Math.max(...samples.filter((entry) => entry.atS <= SENDING_SECONDS).map((entry) => entry.depth))} while sending; ` +
        (drainedAt
          ? `zero ${((drainedAt - stoppedSending) / 1000).toFixed(0)} s after the last send`
          : `not zero ${DRAIN_TIMEOUT_MS / 60_000} minutes after the last send`),
    );
    console.log(`  lag send → stored: ${spread(lags, Math.max(...lags) < 10_000 ? 'ms' : 's')}`);
  } finally {
    for (const tenant of tenants) tenant.sqs.destroy();
    await server?.close();
    await simulator.close();
  }
}

await main();
