import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../../contracts/usage-meter.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { alertEvaluationJob } from '../../jobs/alert-evaluation.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { startUsageMeter } from '../../jobs/meter-usage.job.ts';
import { connectSimulatedAccount, viewerOf, waitUntil } from '../../testing/launch-event-fixtures.ts';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Live spend, the whole path (docs/decisions/096): a NAT gateway of the simulated company starts
 * leaking, the worker's meter reads it from CloudWatch through the real SDK, the read's signal
 * evaluates the live-spend rules at once, and the alert reaches the mail catcher with its acknowledge
 * link. Later reads and the scheduled pass send nothing more for the same gateway and day.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let catcher: MailCatcher;
let owner: Person;
let organizationId: string;
let natGatewayId: string;

const liveSpendMails = () =>
  catcher.mails.filter((mail) => mail.subject.startsWith('[Spendguard] Live spend: '));

async function meterView(): Promise<UsageMeterView> {
  const response = await callAs(server, owner)('GET', '/api/usage-meter');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function liveSpendNotifications() {
  return server.context.database.db
    .selectFrom('alert_notifications')
    .select(['id', 'dedupe_key', 'title'])
    .where('organization_id', '=', organizationId)
    .where('source_kind', '=', 'live-spend')
    .execute();
}

const lastReadAt = (answer: UsageMeterView) =>
  answer.meters
    .flatMap((meter) => meter.regions.map((region) => region.last_read_at ?? ''))
    .sort()
    .at(-1);

/** The middle of this month: the month-end impact has days to run on. */
const start = new Date(`${new Date().toISOString().slice(0, 7)}-15T12:02:00Z`);

beforeAll(async () => {
  catcher = await startMailCatcher();
  clock = testClock(start);
  ({ simulator } = await startTestSimulator({ clock }));
  server = await createTestApp({
    clock,
    queue: true,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: {
      SMTP_URL: catcher.url,
      USAGE_METER: 'on',
      METER_INTERVAL_SECONDS: '5',
      // The leak is a NAT gateway's: the other services' first 26 hours would only slow each read.
      METER_SERVICES: 'nat-gateway',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  owner = await signUpVerified(server, 'owner@nat-leak.test', 'Olivia Owner');
  const as = callAs(server, owner);
  expect((await as('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  organizationId = (await viewerOf(server, owner)).organizationId;
  await connectSimulatedAccount(server, owner, simulator, { name: 'Acme Corp' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
  await catcher?.close();
});

describe('a NAT egress leak, from CloudWatch to the mail', () => {
  it('refuses a live-spend rule without a condition, naming the field', async () => {
    const answer = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'live-spend',
      settings: {},
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Message).toContain('resource_usd_per_hour');
  });

  it('sets up a rule for a resource above $5 an hour, and meters the gateways before the leak without alerting', async () => {
    const rule = await callAs(server, owner)('POST', '/api/alert-rules', {
      kind: 'live-spend',
      settings: { resource_usd_per_hour: 5 },
    });
    expect(rule.statusCode).toBe(201);
    expect(rule.json().name).toBe('A metered resource spends more than $5 an hour');
    const queue = server.context.queue;
    if (!queue) throw new Error('the test app runs a queue');
    for (const integration of await server.context.database.db
      .selectFrom('integrations')
      .select('id')
      .where('organization_id', '=', organizationId)
      .execute())
      await startUsageMeter(queue, integration.id);
    const before = await waitUntil(meterView, (answer) => answer.rows.length > 0);
    expect(before.rows.every((row) => (row.usd_per_hour ?? 0) <= 5)).toBe(true);
    expect(await liveSpendNotifications()).toEqual([]);
  }, 120_000);

  it('mails one alert naming the gateway, what it processed, its rate an hour and a day, and the month end', async () => {
    const leak = await callAs(server, owner)('POST', '/api/demo/nat-egress-leak', {});
    expect(leak.statusCode).toBe(200);
    natGatewayId = leak.json().nat_gateway_id;
    clock.advance(65 * 60_000);
    const [mail] = (await waitUntil(
      async () => liveSpendMails(),
      (mails) => mails.length > 0,
    )) as CaughtMail[];
    const rate =
      /processed ([\d.,]+) GB in the 5 minutes to \d\d:\d\d UTC, ([\d,]+) GB an hour at that pace \(([\d.,]+) GB in the last hour\): \$([\d.,]+) an hour, \$([\d.,]+) a day if it goes on\./;
    expect(mail?.subject).toMatch(
      new RegExp(`^\\[Spendguard\\] Live spend: NAT gateway ${natGatewayId} at \\$[\\d.,]+ an hour$`),
    );
    const [, , perHourGb, , perHourUsd, perDayUsd] = mail?.decoded.match(rate) ?? [];
    expect(mail?.decoded).toContain(`NAT gateway ${natGatewayId} processed `);
    // The leak's 182 GB an hour, on top of what the gateway processed before: $0.045 a GB in us-east-1.
    expect(Number(perHourGb?.replace(/,/g, ''))).toBeGreaterThanOrEqual(182);
    expect(Number(perHourUsd)).toBeGreaterThan(8);
    expect(Number(perDayUsd?.replace(/,/g, ''))).toBeCloseTo(Number(perHourUsd) * 24, 1);
    expect(mail?.decoded).toContain('That is more than the $5.00 an hour of the rule');
    // The owner from the gateway's tags, read through the Resource Groups Tagging API.
    expect(mail?.decoded).toContain('Owner (its tag team): platform.');
    const row = (await meterView()).rows.find((entry) => entry.resource_id === natGatewayId);
    expect(row?.owner).toEqual({ name: 'platform', tag: 'team', note: null });
    expect(mail?.decoded).toContain("If it goes on to the month's end, it adds");
    expect(mail?.decoded).toContain('knows how much was used, not why');
    expect(mail?.links.some((link) => link.includes('/threshold-confirmation/'))).toBe(true);
  }, 120_000);

  it('sends nothing more on later reads and on the scheduled pass', async () => {
    const readAt = lastReadAt(await meterView());
    clock.advance(5 * 60_000);
    await waitUntil(meterView, (answer) => lastReadAt(answer) !== readAt);
    const queue = server.context.queue;
    if (!queue) throw new Error('the test app runs a queue');
    const jobId = await sendJob(queue, alertEvaluationJob, {});
    const job = await waitUntil(
      () => queue.getJobById(alertEvaluationJob.queue, jobId ?? ''),
      (found) => found?.state === 'completed' || found?.state === 'failed',
    );
    expect(job?.state).toBe('completed');
    const fired = await liveSpendNotifications();
    expect(fired.filter((notification) => notification.dedupe_key.includes(natGatewayId))).toHaveLength(1);
    expect(liveSpendMails()).toHaveLength(1);
  }, 120_000);

  it("adds what the gateway runs above its usual rate to a budget's live forecast, to the month's end", async () => {
    const created = await callAs(server, owner)('POST', '/api/budgets', {
      name: 'All AWS',
      amount_usd: 100_000,
    });
    expect(created.statusCode).toBe(201);
    // The usual rate is the past day's median hour (the first read went back 26 hours); the leak is above it.
    expect(created.json().status.forecast_live_run_rate_usd).toBeGreaterThan(0);
  });

  it('acknowledges the alert with the one-click link', async () => {
    const link = new URL(
      liveSpendMails()[0]?.links.find((entry) => entry.includes('/threshold-confirmation/')) ?? '',
    );
    const acknowledged = await server.app.inject({ method: 'POST', url: `/api/alert-links${link.pathname}` });
    expect(acknowledged.statusCode).toBe(200);
    const list = await callAs(server, owner)('GET', '/api/notifications');
    const alert = list.json().notifications.find((entry: { kind: string }) => entry.kind === 'live-spend');
    expect(alert.acknowledged_by).toBe('owner@nat-leak.test');
  });
});
