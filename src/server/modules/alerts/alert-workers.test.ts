import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/accounts-fixtures.ts';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { inlineAlertDelivery } from '../../testing/inline-alert-delivery.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../../testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createBillingService } from '../billing/billing.service.ts';
import { createCostSlices } from '../cost-data/cost-slices.service.ts';
import { createOrganizationsService } from '../organizations/organizations.service.ts';
import { claimDelivery, findDelivery, insertDeliveries, listAttempts } from './alert-delivery.repository.ts';
import { createAlertEvaluation } from './alert-evaluation.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';

let server: TestApp;
let catcher: MailCatcher;
let slack: SlackReceiver;
let owner: Person;
/** Someone of another organization. */
let stranger: Person;
let organizationId: string;

beforeAll(async () => {
  catcher = await startMailCatcher();
  slack = await startSlackReceiver();
  server = await createTestApp({
    queue: true,
    env: {
      SMTP_URL: catcher.url,
      SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}`,
      SLACK_CLIENT_ID: 'client-1',
      SLACK_CLIENT_SECRET: 'client-secret-1',
      SLACK_API_URL: slack.apiUrl,
    },
  });
  owner = await signUpVerified(server, 'owner@workers.test', 'Olivia Owner');
  stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  expect((await callAs(server, owner)('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  const membership = await server.context.database.db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  organizationId = membership.organizationId;
}, 60_000);
afterAll(async () => {
  await server.close();
  await catcher.close();
  await slack.close();
});

/** Another process's delivery worker on the same database: the real module, a second instance. */
function anotherWorker(leaseMs = 60_000) {
  return inlineAlertDelivery(server.context, { leaseMs });
}

async function pendingEmailDelivery(dedupeKey: string): Promise<string> {
  const { db } = server.context.database;
  const notificationId = await insertNotificationOnce(db, {
    organizationId,
    dedupeKey,
    sourceKind: 'cost-threshold',
    sourceId: null,
    title: `Alert ${dedupeKey}`,
    summary: 'A test alert.',
    details: { tag: null },
    accountIds: [],
  });
  const [row] = await insertDeliveries(db, notificationId!, [
    { channel: 'email', recipient: 'owner@workers.test', recipientUserId: owner.userId },
  ]);
  return row!.id;
}

const mailsTitled = (title: string) => catcher.mails.filter((mail) => mail.subject.includes(title));

describe('exactly once', () => {
  it('sends once when two workers take the same delivery at the same time', async () => {
    const deliveryId = await pendingEmailDelivery('twins');
    const outcomes = await Promise.all([
      anotherWorker().deliver(deliveryId, 'a'),
      anotherWorker().deliver(deliveryId, 'b'),
    ]);
    expect(outcomes.sort()).toEqual(['delivered', 'skipped']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTitled('Alert twins')).toHaveLength(1);
    expect(await listAttempts(server.context.database.db, deliveryId)).toHaveLength(1);
  });

  it('sends once more after a worker died holding it, when its lease runs out; both attempts are recorded', async () => {
    const { db } = server.context.database;
    const deliveryId = await pendingEmailDelivery('killed');
    // The dying worker claimed it (attempt 1) and was killed before sending.
    const claimed = await claimDelivery(db, deliveryId, 200);
    expect(claimed?.state).toBe('sending');
    expect(await anotherWorker().deliver(deliveryId, 'early')).toBe('skipped');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const survivor = anotherWorker(200);
    expect(await survivor.sweep()).toBeGreaterThanOrEqual(1);
    expect(await findDelivery(db, deliveryId)).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(mailsTitled('Alert killed')).toHaveLength(1);
    expect(await survivor.deliver(deliveryId, 'late')).toBe('skipped');
  });
});

describe('pg-boss delivery with retries', () => {
  it('retries a failing Slack webhook with backoff and records each attempt', async () => {
    const as = callAs(server, owner);
    expect(
      (await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#alerts' })).statusCode,
    ).toBe(200);
    expect((await as('POST', '/api/budgets', { name: 'Platform', amount_usd: 30 })).statusCode).toBe(201);
    slack.failNext(2);
    const integrationId = await createUploadIntegration(server, owner);
    const upload = await uploadFocusSample(server, owner, integrationId);
    expect(upload.statusCode).toBeLessThan(300);
    await catcher.waitForMail('owner@workers.test', /Platform budget/, 20_000);
    const [post] = await slack.waitForPosts(1, 25_000);
    expect(JSON.stringify(post!.body)).toContain('Platform budget reached 50%');
    const history = (await as('GET', '/api/notifications')).json().notifications;
    const budgetAlert = history.find((entry: { kind: string }) => entry.kind === 'budget');
    const slackDelivery = budgetAlert.deliveries.find(
      (entry: { channel: string }) => entry.channel === 'slack',
    );
    expect(slackDelivery).toMatchObject({ state: 'delivered', attempts: 3, last_error: null });
    const { db } = server.context.database;
    const row = await db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('channel', '=', 'slack')
      .executeTakeFirstOrThrow();
    const attempts = await listAttempts(db, row.id);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'delivered']);
    expect(attempts[0]!.error).toContain('500');
  }, 40_000);
});

describe('Slack through OAuth and the Web API', () => {
  it('connects with the code Slack returns, keeps the token sealed and posts with chat.postMessage', async () => {
    const as = callAs(server, owner);
    const start = await as('GET', '/api/slack/oauth/start');
    expect(start.statusCode).toBe(200);
    const state = new URL(start.json().url).searchParams.get('state')!;
    // Slack sends the person who started it back, with their session.
    const back = (query: string, person: Person | null = owner) =>
      server.app.inject({
        method: 'GET',
        url: `/api/slack/oauth/callback?${query}`,
        headers: person ? bearer(person.token) : {},
      });
    const forged = await back(`code=abc&state=${state}x`);
    expect(forged.statusCode).toBe(400);
    // A signature of another length in bytes (é is two) is refused the same way, not answered 500.
    const multibyte = await back(`code=abc&state=${state.split('.')[0]}.${'a'.repeat(42)}%C3%A9`);
    expect(multibyte.statusCode).toBe(400);
    // The start link sent to someone else, or followed signed out, connects nothing.
    for (const person of [stranger, null]) {
      const elsewhere = await back(`code=abc&state=${encodeURIComponent(state)}`, person);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().Message).toMatch(/^state: this Slack sign-in was started by someone else/);
    }
    const refused = await back(`code=used-code&state=${encodeURIComponent(state)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Code: 'SlackRefused',
      Message: 'code: Slack refused this sign-in (invalid_code); start again',
    });
    const callback = await back(`code=abc&state=${encodeURIComponent(state)}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/slack-setup?slack=connected');
    const view = (await as('GET', '/api/slack')).json();
    expect(view).toMatchObject({ connected: true, mode: 'oauth', channel: 'C123', team_name: 'Acme Slack' });
    const stored = await server.context.database.db
      .selectFrom('slack_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.bot_token_sealed).not.toContain('xoxb');
    slack.posts.splice(0);
    expect((await as('POST', '/api/slack/test')).statusCode).toBe(200);
    const [post] = await slack.waitForPosts(1);
    expect(post).toMatchObject({ kind: 'chat.postMessage', authorization: 'Bearer xoxb-test-token' });
    expect(post!.body.channel).toBe('C123');
  });
});

describe('reminders', () => {
  it('repeats an unacknowledged budget alert once a day until someone acknowledges it', async () => {
    const { context } = server;
    const organizations = createOrganizationsService(context.database.db);
    const evaluation = createAlertEvaluation({
      log: context.log,
      now: () => new Date(),
      db: context.database.db,
      spend: createCostSlices(context.database.db),
      billing: createBillingService(context, organizations),
      delivery: anotherWorker(),
      listIdleFindings: async () => [],
    });
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    expect(await evaluation.remindUnacknowledged(tomorrow)).toBe(1);
    expect(await evaluation.remindUnacknowledged(tomorrow)).toBe(0);
    const reminder = await catcher.waitForMail('owner@workers.test', /Reminder: Platform budget/);
    const link = new URL(reminder.links.find((entry) => entry.includes('/budget-alert-confirmation/'))!);
    const acknowledged = await server.app.inject({ method: 'POST', url: `/api/alert-links${link.pathname}` });
    expect(acknowledged.statusCode).toBe(200);
    const history = (await callAs(server, owner)('GET', '/api/notifications')).json().notifications;
    const original = history.find((entry: { title: string }) => entry.title.startsWith('Platform budget'));
    expect(original.acknowledged_by).toBe('owner@workers.test');
    const dayAfter = new Date(Date.now() + 48 * 3_600_000);
    expect(await evaluation.remindUnacknowledged(dayAfter)).toBe(0);
  });
});
