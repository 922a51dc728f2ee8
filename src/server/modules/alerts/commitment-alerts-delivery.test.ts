import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClock, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import { alertEvaluationJob } from '../../jobs/alert-evaluation.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { waitUntil } from '../../testing/launch-event-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../../testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { COMMITMENT_BILL, PAYER, RESERVATION } from '../cost-data/billing-files/commitment-test-bill.ts';
import { type Cur2TestLineItem, writeCur2TestFile } from '../cost-data/billing-files/cur2-test-files.ts';

/**
 * Commitments alerts, the whole path (docs/decisions/105): a CUR 2.0 bill with Savings Plans and a
 * reservation is uploaded, the ingest's evaluation mails each expiry at its lead, the under-used
 * reservation and the returnable plan; the scheduled pass on a later clock mails the next lead, and
 * nothing is sent twice.
 */
const EXPIRING = `arn:aws:savingsplans::${PAYER}:savingsplan/sp-expiring`;
const RETURNABLE = `arn:aws:savingsplans::${PAYER}:savingsplan/sp-bought-by-mistake`;

/** A 3-year Compute Savings Plan ending Dec 25: $48 a day committed and used, covering $68 a day On-Demand. */
const expiringDays: Cur2TestLineItem[] = Array.from({ length: 28 }, (_, index) => {
  const start = `2026-10-${String(index + 1).padStart(2, '0')} 00:00:00`;
  const plan = {
    savingsPlanArn: EXPIRING,
    savingsPlanOfferingType: 'ComputeSavingsPlans',
    savingsPlanPurchaseTerm: '3yr',
    savingsPlanPaymentOption: 'No Upfront',
    savingsPlanStartTime: '2023-12-25T00:00:00.000Z',
    savingsPlanEndTime: '2026-12-25T00:00:00.000Z',
  };
  return [
    {
      type: 'SavingsPlanRecurringFee',
      usageType: 'ComputeSP:3yrNoUpfront',
      start,
      hours: 24,
      unblended: '48.00',
      savingsPlanTotalCommitmentToDate: '48.00',
      savingsPlanUsedCommitment: '48.00',
      usageAccountId: PAYER,
      productCode: 'ComputeSavingsPlans',
      ...plan,
    },
    {
      type: 'SavingsPlanCoveredUsage',
      usageType: 'USE1-BoxUsage:c6i.2xlarge',
      start,
      hours: 24,
      usageAccountId: PAYER,
      resourceId: 'i-api',
      unblended: '68.00',
      savingsPlanEffectiveCost: '48.00',
      ...plan,
    },
  ];
}).flat();

/** An EC2 Instance Savings Plan of $5 an hour bought on Oct 27: returnable until the month ends. */
const returnableDays: Cur2TestLineItem[] = ['27', '28'].map((day) => ({
  type: 'SavingsPlanRecurringFee',
  usageType: 'EC2InstanceSP:1yrNoUpfront',
  start: `2026-10-${day} 00:00:00`,
  hours: 24,
  unblended: '120.00',
  savingsPlanTotalCommitmentToDate: '120.00',
  savingsPlanUsedCommitment: '110.00',
  usageAccountId: PAYER,
  productCode: 'ComputeSavingsPlans',
  savingsPlanArn: RETURNABLE,
  savingsPlanOfferingType: 'EC2InstanceSavingsPlans',
  savingsPlanPurchaseTerm: '1yr',
  savingsPlanPaymentOption: 'No Upfront',
  savingsPlanStartTime: '2026-10-27T00:00:00.000Z',
  savingsPlanEndTime: '2027-10-27T00:00:00.000Z',
}));

let server: TestApp;
let catcher: MailCatcher;
let slack: SlackReceiver;
let hooks: WebhookReceiver;
let owner: Person;
let clock: TestClock;
let directory: string;
const OWNER = 'owner@commitments.test';

const commitmentMails = () =>
  catcher.mails.filter(
    (mail) => mail.to.includes(OWNER) && /Savings Plan|Reserved Instance/.test(mail.subject),
  );

async function commitmentNotifications() {
  return server.context.database.db
    .selectFrom('alert_notifications')
    .select(['dedupe_key', 'title'])
    .where('source_kind', '=', 'commitments')
    .execute();
}

async function runPass() {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  const jobId = await sendJob(queue, alertEvaluationJob, {});
  const job = await waitUntil(
    () => queue.getJobById(alertEvaluationJob.queue, jobId ?? ''),
    (found) => found?.state === 'completed' || found?.state === 'failed',
  );
  expect(job?.state).toBe('completed');
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  slack = await startSlackReceiver();
  hooks = await startWebhookReceiver();
  clock = testClock(new Date('2026-10-31T12:00:00Z'));
  server = await createTestApp({
    clock,
    queue: true,
    env: {
      SMTP_URL: catcher.url,
      SLACK_WEBHOOK_HOSTS: `hooks.slack.com,127.0.0.1:${slack.port}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  owner = await signUpVerified(server, OWNER, 'Olivia Owner');
  await startBusinessTrial(server, owner);
  directory = mkdtempSync(path.join(os.tmpdir(), 'commitment-alerts-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await catcher?.close();
  await slack?.close();
  await hooks?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('commitments alerts, from the uploaded bill to the mail', () => {
  it('refuses a rule that watches nothing, naming the field', async () => {
    const answer = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'commitments',
      settings: { expiry_lead_days: [], return_window: false, start_announcement: false },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Message).toContain('expiry_lead_days');
  });

  it('connects Slack, a webhook and a Teams channel that take commitments alerts', async () => {
    const as = callAs(server, owner);
    expect(
      (await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#finops' })).statusCode,
    ).toBe(200);
    const webhook = await as('POST', '/api/webhooks', {
      url: hooks.url('/hooks/commitments'),
      description: 'FinOps automation',
      alert_kinds: ['commitments'],
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    if (webhook.json().secret) hooks.trustSecret('/hooks/commitments', webhook.json().secret);
    const teams = await as('POST', '/api/webhooks', {
      kind: 'teams',
      url: hooks.url('/teams/finops'),
      description: 'FinOps channel',
      alert_kinds: ['commitments'],
    });
    expect(teams.statusCode, teams.body).toBe(201);
  });

  it('creates a rule with the default lead times and an utilization threshold', async () => {
    const rule = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'commitments',
      settings: { utilization_below_percent: 80, utilization_days: 7 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json().settings).toMatchObject({
      expiry_lead_days: [60, 30, 7, 1],
      return_window: true,
      start_announcement: true,
    });
    expect(rule.json().name).toBe(
      'Savings Plans and reservations ending (60, 30, 7, 1 days ahead), used below 80%, still returnable',
    );
  });

  it('mails, after the ingest, each expiry at its 60-day lead, the under-used reservation and the returnable plan', async () => {
    const file = path.join(directory, 'october.parquet');
    await writeCur2TestFile(file, [...COMMITMENT_BILL, ...expiringDays, ...returnableDays], 'parquet');
    const uploads = uploadsAs(server, owner.token);
    const integrationId = await uploads.createUploadIntegration('Commitments bill');
    expect((await uploads.uploadFile(integrationId, 'october.parquet', readFileSync(file))).statusCode).toBe(
      202,
    );
    // The worker reads the upload; its ingest's end evaluates the organization's rules at once.
    const card = await waitUntil(
      async () => (await callAs(server, owner)('GET', `/api/integrations/${integrationId}/status`)).json(),
      (answer: { latest_run?: { state: string } }) =>
        answer.latest_run?.state !== 'running' && answer.latest_run?.state !== 'queued',
    );
    expect(card.latest_run?.state).toBe('succeeded');

    const expiry = await catcher.waitForMail(OWNER, /Compute Savings Plan ends in/);
    expect(expiry.subject).toContain('Compute Savings Plan ends in 54 days (Dec 25, 2026)');
    // $68 a day covered at On-Demand prices, $48 a day committed: $20 a day more, 365.25 / 12 days a month.
    expect(expiry.decoded).toContain('It covers usage worth $2,069.75 a month at On-Demand prices');
    expect(expiry.decoded).toContain('from Dec 25, 2026 the same usage costs $608.75 a month more');
    expect(expiry.links.some((link) => link.includes('/threshold-confirmation/'))).toBe(true);

    const reservation = await catcher.waitForMail(OWNER, /RDS Reserved Instance ends in 49 days/);
    expect(reservation.decoded).toContain(RESERVATION);
    const underUsed = await catcher.waitForMail(OWNER, /RDS Reserved Instance used/);
    expect(underUsed.subject).toMatch(/used \d+\.\d%: \$\d+\.\d\d a day unused/);
    expect(underUsed.decoded).toContain('below 80% on each of those 7 days');
    const returnable = await catcher.waitForMail(OWNER, /can be returned/);
    expect(returnable.subject).toContain(
      'EC2 Instance Savings Plan can be returned until Nov 1, 2026, 00:00 UTC',
    );
    expect(returnable.decoded).toContain('$5.00 an hour');

    // Slack, the webhook and Teams get the same four alerts.
    const posts = await slack.waitForPosts(4, 20_000);
    expect(JSON.stringify(posts.map((post) => post.body))).toContain(
      'the same usage costs $608.75 a month more',
    );
    const received = await hooks.waitFor(8);
    const webhookBodies = received.filter((entry) => entry.path === '/hooks/commitments');
    expect(webhookBodies).toHaveLength(4);
    // Signed (the receiver's own check also wants a timestamp within 5 minutes of the wall clock, which
    // this test's clock, set in October 2026, is not).
    expect(webhookBodies.every((entry) => typeof entry.headers['spendguard-signature'] === 'string')).toBe(
      true,
    );
    expect(JSON.stringify(webhookBodies.map((entry) => entry.body))).toContain(
      'Compute Savings Plan ends in 54 days',
    );
    const teamsBodies = received.filter((entry) => entry.path === '/teams/finops');
    expect(teamsBodies).toHaveLength(4);
    expect(JSON.stringify(teamsBodies.map((entry) => entry.body))).toContain('can be returned until');

    expect((await commitmentNotifications()).map((row) => row.dedupe_key).sort()).toEqual([
      `commitment-expiry:${RESERVATION}:60`,
      `commitment-expiry:${EXPIRING}:60`,
      `commitment-return:${RETURNABLE}`,
      `commitment-utilization:${RESERVATION}:2026-10`,
    ]);
  }, 60_000);

  it('sends nothing more on the scheduled pass at the same moment', async () => {
    await runPass();
    expect(await commitmentNotifications()).toHaveLength(4);
    expect(commitmentMails()).toHaveLength(4);
  }, 60_000);

  it('on a later clock, the pass mails the 30-day lead once, and the closed return window never again', async () => {
    clock.set(new Date('2026-11-26T12:00:00Z'));
    await runPass();
    const keys = (await commitmentNotifications()).map((row) => row.dedupe_key);
    expect(keys).toHaveLength(6);
    expect(keys).toContain(`commitment-expiry:${EXPIRING}:30`);
    expect(keys).toContain(`commitment-expiry:${RESERVATION}:30`);
    const mail = await catcher.waitForMail(OWNER, /Compute Savings Plan ends in 28 days/);
    expect(mail.decoded).toContain('$608.75 a month more');
    await runPass();
    expect(await commitmentNotifications()).toHaveLength(6);
  }, 60_000);

  it('announces nothing once the commitments have ended', async () => {
    clock.set(new Date('2026-12-26T12:00:00Z'));
    await runPass();
    expect(await commitmentNotifications()).toHaveLength(6);
  }, 60_000);
});
