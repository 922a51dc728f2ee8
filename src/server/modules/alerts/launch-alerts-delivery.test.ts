import { GetQueueAttributesCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator, FleetChangeResult } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { assumeRole } from '../../../aws-sim/testing/test-simulator.ts';
import { pricedInstanceType } from '../../../catalog/ec2-instance-catalog.ts';
import { alertEvaluationJob } from '../../jobs/alert-evaluation.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { type LaunchAlertWorld, startLaunchAlertWorld } from '../../testing/launch-alert-fixtures.ts';
import {
  ingestCurLineItems,
  isoDayOf,
  startLaunchEventPoller,
  viewerOf,
  waitUntil,
} from '../../testing/launch-event-fixtures.ts';
import type { CaughtMail, MailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import type { SlackPost, SlackReceiver } from '../../testing/slack-receiver.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Early warning, the whole path: the simulated company launches eight GPUs, EventBridge puts
 * the envelopes on its SQS queue, the worker's poller stores them, the launch rules are evaluated at
 * once, and the alert reaches the mail catcher and the Slack receiver. Then SQS delivers the same
 * envelopes again (at least once), the API destination posts them too, and the scheduled evaluation
 * runs: nothing more is sent.
 */
let world: LaunchAlertWorld;
let simulator: AwsSimulator;
let server: TestApp;
let catcher: MailCatcher;
let slack: SlackReceiver;
let owner: Person;
let organizationId: string;
let integrationId: string;
let accountId: string;
let sender: SQSClient;
let burst: FleetChangeResult;

const P4D = pricedInstanceType('p4d.24xlarge').hourlyPriceUsd;
const EIGHT_AN_HOUR = Math.round(8 * P4D * 100) / 100;
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const SINGLE_REASON = 'more than the $50.00 of the rule';
const BUDGET_REASON = 'If they keep running, budget All AWS ends';

const launchMails = () => catcher.mails.filter((mail) => mail.subject.startsWith('[Spendguard] Launch: '));
const launchPosts = () =>
  slack.posts.filter((post) => post.kind === 'webhook' && JSON.stringify(post.body).includes('Launch: '));
const mailSaying = (reason: string) => launchMails().filter((mail) => mail.decoded.includes(reason));
const postSaying = (reason: string) =>
  launchPosts().filter((post) => JSON.stringify(post.body).includes(reason));

async function launchNotifications() {
  return server.context.database.db
    .selectFrom('alert_notifications')
    .select(['id', 'dedupe_key', 'title'])
    .where('organization_id', '=', organizationId)
    .where('source_kind', '=', 'launch')
    .execute();
}

/** Every delivery of the organization's alerts has ended (delivered or failed): nothing is on its way. */
async function deliveriesSettled() {
  const open = await server.context.database.db
    .selectFrom('alert_deliveries')
    .innerJoin('alert_notifications', 'alert_notifications.id', 'alert_deliveries.notification_id')
    .select('alert_deliveries.id')
    .where('alert_notifications.organization_id', '=', organizationId)
    .where('alert_deliveries.state', 'in', ['pending', 'sending'])
    .execute();
  return open.length === 0;
}

const queueUrl = () => `${simulator.endpoint}/${accountId}/${simulator.company.launchEventsQueue}`;

/** Messages on the integration's queue, visible or received and not yet deleted. */
async function queueDepth() {
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

async function storedChanges() {
  const row = await server.context.database.db
    .selectFrom('launch_changes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('integration_id', '=', integrationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The scheduled pass (alert-evaluation job) through the worker's queue, until pg-boss says it completed. */
async function runScheduledEvaluation() {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  const jobId = await sendJob(queue, alertEvaluationJob, {});
  if (!jobId) throw new Error('the evaluation job was not queued');
  const job = await waitUntil(
    () => queue.getJobById(alertEvaluationJob.queue, jobId),
    (found) => found?.state === 'completed' || found?.state === 'failed',
  );
  expect(job?.state).toBe('completed');
}

/**
 * The middle of this month, for the server and the simulator: a budget the live run-rate carries over
 * needs the rest of a month to run on, which the last seconds of a month do not leave.
 */
const today = new Date(`${new Date().toISOString().slice(0, 7)}-15T12:00:00Z`);

beforeAll(async () => {
  world = await startLaunchAlertWorld({
    ownerEmail: 'owner@gpu-launches.test',
    integrationName: 'Acme Corp',
    today,
  });
  ({ simulator, server, catcher, slack, owner, integrationId, accountId } = world);
  const as = callAs(server, owner);
  organizationId = (await viewerOf(server, owner)).organizationId;
  // Today's bill data, from another source: the budget has a period to judge, the launches stay live.
  const uploads = await as('POST', '/api/integrations', { kind: 'upload', name: 'Uploads' });
  expect(uploads.statusCode).toBe(201);
  const state = await ingestCurLineItems(server, { organizationId, integrationId: uploads.json().id }, [
    {
      type: 'Usage',
      usageType: 'BoxUsage:m5.large',
      unblended: '12.5',
      start: `${isoDayOf(today)} 00:00:00`,
      billingPeriod: `${isoDayOf(today).slice(0, 7)}-01`,
    },
  ]);
  expect(state).toBe('succeeded');
  // What EventBridge does when it delivers again: a role of the account that may send to its queue.
  const senderRole = `arn:aws:iam::${accountId}:role/TestEventSender`;
  simulator.registerRole(senderRole, 'sender', { permissions: ['sqs:*'] });
  sender = simulatorClients(simulator, {
    credentials: await assumeRole(simulator, senderRole, 'sender'),
  }).sqs;
  await startLaunchEventPoller(server, integrationId);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('a costly launch, from the queue to the mail and Slack', () => {
  it('sets up a rule for a single launch over $50 an hour and one for a budget the live run-rate carries over', async () => {
    const as = callAs(server, owner);
    const single = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: 50 },
    });
    expect(single.statusCode).toBe(201);
    // The budget sits just above what the bill data projects, so only the live run-rate carries it over.
    const created = await as('POST', '/api/budgets', { name: 'All AWS', amount_usd: 1_000_000 });
    expect(created.statusCode).toBe(201);
    const status = created.json().status;
    expect(status.forecast_live_run_rate_usd).toBe(0);
    const billProjection = status.forecast_usd ?? status.actual_usd;
    expect(billProjection).toBeGreaterThan(0);
    const amount = Math.ceil(billProjection) + 1;
    expect((await as('PATCH', `/api/budgets/${created.json().id}`, { amount_usd: amount })).statusCode).toBe(
      200,
    );
    const overrun = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { budget_overrun: true },
    });
    expect(overrun.statusCode).toBe(201);
  });

  it('mails and posts one alert per rule naming the GPUs, their price, who launched them and where', async () => {
    burst = simulator.launchGpuBurst({ accountId, count: 8, userName: 'maya.chen' });
    expect(burst.delivered).toBe(true);
    await waitUntil(
      async () => [mailSaying(SINGLE_REASON), mailSaying(BUDGET_REASON)],
      ([single, budget]) => single?.length === 1 && budget?.length === 1,
    );
    await waitUntil(
      async () => [postSaying(SINGLE_REASON), postSaying(BUDGET_REASON)],
      ([single, budget]) => single?.length === 1 && budget?.length === 1,
    );
    const [mail] = mailSaying(SINGLE_REASON) as [CaughtMail];
    expect(mail.to).toEqual(['owner@gpu-launches.test']);
    expect(mail.subject).toBe(
      `[Spendguard] Launch: 8 × p4d.24xlarge in us-east-1 (+${usd(EIGHT_AN_HOUR)} an hour)`,
    );
    const who = `arn:aws:iam::${accountId}:user/maya.chen`;
    const line = `• 8 × p4d.24xlarge: ${usd(EIGHT_AN_HOUR)} an hour (${usd(P4D)} each), ${usd(8 * P4D * 24)} a day. Launched by ${who}`;
    expect(mail.decoded).toContain(line);
    for (const instanceId of burst.instanceIds) expect(mail.decoded).toContain(instanceId);
    expect(mail.decoded).toContain(`in us-east-1, account ${accountId}, Acme Corp.`);
    expect(mail.decoded).toContain(`This launch adds ${usd(EIGHT_AN_HOUR)} an hour`);
    const acknowledge = mail.links.find((link) => link.includes('/threshold-confirmation/'));
    expect(acknowledge).toBeDefined();

    const [post] = postSaying(SINGLE_REASON) as [SlackPost];
    const said = JSON.stringify(post.body);
    expect(said).toContain(`Launch: 8 × p4d.24xlarge in us-east-1 (+${usd(EIGHT_AN_HOUR)} an hour)`);
    expect(said).toContain(line);
    for (const instanceId of burst.instanceIds) expect(said).toContain(instanceId);
    expect(said).toContain(`account ${accountId}`);
    expect(said).toContain('Acknowledge this launch');
    expect(said).toContain('/threshold-confirmation/');

    const [budgetMail] = mailSaying(BUDGET_REASON) as [CaughtMail];
    expect(budgetMail.decoded).toMatch(/ends [A-Z][a-z]+ \d{4} at \$[\d,.]+ of its \$[\d,.]+: /);
    expect(budgetMail.decoded).toContain('forecast from the bill data plus');
    const fired = await launchNotifications();
    expect(fired).toHaveLength(2);
  });

  it('acknowledges the launch with the one-click link', async () => {
    const [mail] = mailSaying(SINGLE_REASON) as [CaughtMail];
    const link = new URL(mail.links.find((entry) => entry.includes('/threshold-confirmation/')) ?? '');
    const acknowledged = await server.app.inject({ method: 'POST', url: `/api/alert-links${link.pathname}` });
    expect(acknowledged.statusCode).toBe(200);
    const history = (await callAs(server, owner)('GET', '/api/notifications')).json().notifications;
    const launch = history.find(
      (entry: { kind: string; summary: string }) =>
        entry.kind === 'launch' && entry.summary.includes(SINGLE_REASON),
    );
    expect(launch.acknowledged_by).toBe('owner@gpu-launches.test');
  });

  it('sends nothing more when SQS delivers the envelopes again, the API destination posts them, and the schedule evaluates', async () => {
    const stored = await storedChanges();
    // SQS is at least once: the same envelopes, again, on the queue.
    for (let index = 0; index < burst.events.length; index += 10)
      await sender.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(),
          Entries: burst.events.slice(index, index + 10).map((event, offset) => ({
            Id: String(offset),
            MessageBody: JSON.stringify(event),
          })),
        }),
      );
    const as = callAs(server, owner);
    const { secret } = (await as('POST', `/api/integrations/${integrationId}/launch-events/secret`)).json();
    const posted = await server.app.inject({
      method: 'POST',
      url: `/api/aws-events/${integrationId}`,
      headers: { 'x-spendguard-events-secret': secret },
      payload: burst.events,
    });
    expect(posted.statusCode).toBe(202);
    expect(posted.json()).toMatchObject({ accepted: burst.events.length, fresh: 0 });
    // The poller took the redelivered messages: stored (as duplicates, nothing fresh) and deleted.
    await waitUntil(queueDepth, (depth) => depth === 0);
    expect(await storedChanges()).toBe(stored);
    await runScheduledEvaluation();
    await waitUntil(deliveriesSettled, (settled) => settled);
    expect(await launchNotifications()).toHaveLength(2);
    expect(mailSaying(SINGLE_REASON)).toHaveLength(1);
    expect(mailSaying(BUDGET_REASON)).toHaveLength(1);
    expect(postSaying(SINGLE_REASON)).toHaveLength(1);
    expect(postSaying(BUDGET_REASON)).toHaveLength(1);
  });
});
