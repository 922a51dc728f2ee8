import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createBillingService } from '../billing/billing.service.ts';
import { createCostSlices } from '../cost-data/cost-slices.service.ts';
import { createMailer } from '../mail/mailer.ts';
import { createOrganizationsService } from '../organizations/organizations.service.ts';
import { createAlertDelivery } from './alert-delivery.ts';
import { createAlertDigests } from './alert-digests.ts';
import { createAlertLinkTokens, createSecretBox } from './alert-link-tokens.ts';

/**
 * Webhook and Teams endpoints end to end: the real app with pg-boss workers, a local receiver that checks
 * signatures with node:crypto alone, and WEBHOOK_ALLOW_PRIVATE so the app may reach it on 127.0.0.1.
 */
let server: TestApp;
let receiver: WebhookReceiver;
let catcher: MailCatcher;
let owner: Person;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  catcher = await startMailCatcher();
  server = await createTestApp({
    queue: true,
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '1', SMTP_URL: catcher.url },
  });
  owner = await signUpVerified(server, 'owner@hooks.test', 'Olivia Owner');
  await startBusinessTrial(server, owner);
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
  await catcher.close();
});

const as = () => callAs(server, owner);

async function addWebhook(path: string, extra: Record<string, unknown> = {}) {
  const response = await as()('POST', '/api/webhooks', {
    url: receiver.url(path),
    description: `Receiver ${path}`,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  const created = response.json();
  if (created.secret) receiver.trustSecret(path, created.secret);
  return created as { id: string; secret: string | null; secret_hint: string | null };
}

async function deliveryLog(endpointId: string) {
  const response = await as()('GET', `/api/webhooks/${endpointId}/deliveries`);
  expect(response.statusCode).toBe(200);
  return response.json().deliveries as Array<{
    id: string;
    event_type: string;
    state: string;
    attempts: Array<{ status_code: number | null; duration_ms: number | null; error: string | null }>;
  }>;
}

/** Waits for a delivery's state as the log shows it; deliveries are sent by the pg-boss workers. */
async function settled(endpointId: string, state: 'delivered' | 'failed', count = 1) {
  for (let tries = 0; tries < 150; tries += 1) {
    const log = await deliveryLog(endpointId);
    if (log.length >= count && log.slice(0, count).every((delivery) => delivery.state === state)) return log;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `deliveries of ${endpointId} did not become ${state}: ${JSON.stringify(await deliveryLog(endpointId))}`,
  );
}

/** The digest job as another worker process runs it, delivering inline (no queue). */
function digestsWithAnotherWorker() {
  const { context } = server;
  const { db } = context.database;
  const organizations = createOrganizationsService(db);
  const billing = createBillingService(context, organizations);
  const secret = resolveAuthSecret(context.config);
  const mailer = createMailer(context);
  const delivery = createAlertDelivery({
    now: () => new Date(),
    db,
    queue: undefined,
    mailer,
    tokens: createAlertLinkTokens(secret, Date.now),
    secrets: createSecretBox(secret),
    organizations,
    billing,
    publicUrl: context.config.publicUrl,
    slack: { apiUrl: undefined },
    webhooks: { secrets: createSecretBox(secret, 'webhook-secrets'), policy: context.config.alerts.webhooks },
    log: context.log,
  });
  const spend = createCostSlices(db);
  return createAlertDigests({
    now: () => new Date(),
    db,
    spend,
    mailer,
    billing,
    organizations,
    publicUrl: context.config.publicUrl,
    delivery,
  });
}

const requestsTo = (path: string) => receiver.received.filter((entry) => entry.path === path);

describe('a signed webhook endpoint', () => {
  let endpoint: { id: string; secret: string | null };

  it('shows its secret once, then only a hint; the URL and secret are sealed at rest', async () => {
    endpoint = await addWebhook('/hooks/ops', { alert_kinds: ['budget'], digest: 'daily' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = (await as()('GET', '/api/webhooks')).json().endpoints;
    expect(list).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        kind: 'webhook',
        alert_kinds: ['budget'],
        digest: 'daily',
        secret_hint: `whsec_…${endpoint.secret!.slice(-4)}`,
        paused_at: null,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
    expect(list[0].url_hint).not.toContain('/hooks/ops');
    const stored = await server.context.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(stored.url_sealed).not.toContain('hooks');
    expect(stored.secret_sealed).not.toContain(endpoint.secret!.slice(6));
  });

  it('delivers a test through the outbox, signed: the receiver verifies it on its own', async () => {
    const test = await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    await settled(endpoint.id, 'delivered');
    const [request] = requestsTo('/hooks/ops');
    expect(request!.signatureVerified).toBe(true);
    expect(request!.headers['spendguard-event']).toBe('test');
    expect(request!.headers['spendguard-delivery']).toBe(test.json().delivery_id);
    expect(request!.body).toMatchObject({
      schema_version: 1,
      id: test.json().delivery_id,
      type: 'test',
      alert: { kind: 'test', title: 'Spendguard test delivery', acknowledge_url: null },
    });
    const [logged] = await deliveryLog(endpoint.id);
    expect(logged!.attempts).toEqual([
      expect.objectContaining({
        status_code: 200,
        outcome: 'delivered',
        error: null,
        duration_ms: expect.any(Number),
      }),
    ]);
  });

  it('receives a budget alert with its facts and acknowledge link; the link acknowledges as the webhook', async () => {
    const integrationId = await createUploadIntegration(server, owner);
    expect((await as()('POST', '/api/budgets', { name: 'Production', amount_usd: 30 })).statusCode).toBe(201);
    // The ingest runs on a worker; the budget alert follows it through the outbox.
    expect((await uploadFocusSample(server, owner, integrationId)).statusCode).toBeLessThan(300);
    await settled(endpoint.id, 'delivered', 2);
    const alert = requestsTo('/hooks/ops').find((entry) => entry.body.type === 'alert.fired')!;
    expect(alert.signatureVerified).toBe(true);
    expect(alert.body).toMatchObject({
      schema_version: 1,
      type: 'alert.fired',
      notifications_url: 'http://localhost:3000/notification',
      alert: {
        kind: 'budget',
        title: expect.stringContaining('Production budget reached'),
        source_id: expect.any(String),
        facts: expect.objectContaining({
          amount: 30,
          period: { start: '2024-09-01', end: '2024-09-30', key: '2024-09' },
          threshold: expect.objectContaining({ percent: expect.any(Number), basis: 'actual' }),
        }),
        acknowledge_url: expect.stringMatching(/^http:\/\/localhost:3000\/budget-alert-confirmation\//),
      },
    });
    const token = new URL((alert.body.alert as { acknowledge_url: string }).acknowledge_url).pathname.split(
      '/',
    )[2];
    const followed = await server.app.inject({
      method: 'POST',
      url: `/api/alert-links/budget-alert-confirmation/${token}`,
    });
    expect(followed.statusCode).toBe(200);
    const historyAnswer = await as()('GET', '/api/notifications');
    expect(historyAnswer.body).toContain('notifications');
    const history = historyAnswer.json().notifications;
    const acknowledged = history.find(
      (row: { id: string }) => row.id === (alert.body.alert as { id: string }).id,
    );
    expect(acknowledged.acknowledged_by).toBe('Webhook "Receiver /hooks/ops"');
    expect(history.map((row: { kind: string }) => row.kind)).not.toContain('endpoint-test');
  });

  it("receives the organization's daily digest through the outbox, once a day", async () => {
    const digests = digestsWithAnotherWorker();
    expect(await digests.sendDue()).toBe(1);
    expect(await digests.sendDue()).toBe(0);
    const digest = requestsTo('/hooks/ops').find((entry) => entry.body.type === 'digest.daily')!;
    expect(digest.signatureVerified).toBe(true);
    expect(digest.body).toMatchObject({
      schema_version: 1,
      type: 'digest.daily',
      digest: {
        title: 'Spendguard daily digest: $20.52 month to date',
        period: 'daily',
        day: '2024-09-30',
        top_movers: expect.any(Array),
      },
    });
    expect((digest.body.digest as { month_to_date_usd: number }).month_to_date_usd).toBeCloseTo(20.52, 2);
    const [logged] = await deliveryLog(endpoint.id);
    expect(logged).toMatchObject({ event_type: 'digest.daily', state: 'delivered' });
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const rotated = await as()('POST', `/api/webhooks/${endpoint.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    receiver.trustSecret('/hooks/ops', secret);
    const before = requestsTo('/hooks/ops').length;
    await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    await receiver.waitFor(receiver.received.length + 1);
    const latest = requestsTo('/hooks/ops')[before]!;
    expect(latest.signatureVerified).toBe(true);
    expect(String(latest.headers['spendguard-signature']).match(/v1=/g)).toHaveLength(2);
  });

  it('retries a 500 with backoff, then records the success', async () => {
    await settled(endpoint.id, 'delivered', 4);
    receiver.answerNext(500, 500);
    await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    const [newest] = await settled(endpoint.id, 'delivered', 1);
    expect(newest!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 500, 200]);
    expect(newest!.attempts[0]!.error).toBe('answered 500: answer 500');
  });

  it('does not retry a 410, and redelivers it on request', async () => {
    receiver.answerNext(410);
    await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    const [failed] = await settled(endpoint.id, 'failed', 1);
    expect(failed!.attempts.map((attempt) => attempt.status_code)).toEqual([410]);
    const redeliver = await as()('POST', `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/redeliver`);
    expect(redeliver.statusCode).toBe(202);
    const [again] = await settled(endpoint.id, 'delivered', 1);
    expect(again!.id).toBe(failed!.id);
    expect(again!.attempts.map((attempt) => attempt.status_code)).toEqual([410, 200]);
    const bodies = requestsTo('/hooks/ops').slice(-2);
    expect(bodies[0]!.body.id).toBe(bodies[1]!.body.id);
  });

  it('cuts a silent receiver off at the timeout and tries again', async () => {
    receiver.staySilentNext();
    await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    const [newest] = await settled(endpoint.id, 'delivered', 1);
    expect(newest!.attempts[0]).toMatchObject({ status_code: null, error: 'no complete answer within 1 s' });
    expect(newest!.attempts.at(-1)).toMatchObject({ status_code: 200 });
  });
});

describe('an endpoint failing for days', () => {
  it('is paused after three days of failures, its owner mailed, and resumed by hand', async () => {
    const endpoint = await addWebhook('/hooks/flaky');
    await server.context.database.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
      .where('id', '=', endpoint.id)
      .execute();
    receiver.answerNext(503);
    await as()('POST', `/api/webhooks/${endpoint.id}/test`);
    const mail = await catcher.waitForMail(
      'owner@hooks.test',
      /Paused the webhook endpoint "Receiver \/hooks\/flaky"/,
    );
    expect(mail.decoded).toContain('answered 503');
    const [failed] = await settled(endpoint.id, 'failed', 1);
    expect(failed!.attempts.at(-1)!.error).toContain('paused');
    const listed = (await as()('GET', '/api/webhooks'))
      .json()
      .endpoints.find((row: { id: string }) => row.id === endpoint.id);
    expect(listed.paused_at).not.toBeNull();
    const refused = await as()('POST', `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/redeliver`);
    expect(refused.statusCode).toBe(409);

    const resumed = await as()('PATCH', `/api/webhooks/${endpoint.id}`, { paused: false });
    expect(resumed.json()).toMatchObject({ paused_at: null, failing_since: null });
    expect(
      (await as()('POST', `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/redeliver`)).statusCode,
    ).toBe(202);
    await settled(endpoint.id, 'delivered', 1);
  });
});

describe('a Microsoft Teams endpoint', () => {
  it('gets an Adaptive Card with the facts and an Action.OpenUrl, unsigned', async () => {
    const response = await as()('POST', '/api/webhooks', {
      kind: 'teams',
      url: receiver.url('/teams/workflow'),
      description: 'FinOps channel',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'teams', secret: null, secret_hint: null });
    await as()('POST', `/api/webhooks/${response.json().id}/test`);
    await settled(response.json().id, 'delivered');
    const [request] = requestsTo('/teams/workflow');
    expect(request!.headers['spendguard-signature']).toBeUndefined();
    expect(request!.body).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            body: expect.arrayContaining([
              expect.objectContaining({
                type: 'TextBlock',
                text: 'Spendguard test delivery',
                weight: 'Bolder',
              }),
              expect.objectContaining({ type: 'FactSet' }),
            ]),
            actions: [
              { type: 'Action.OpenUrl', title: 'Open Spendguard', url: 'http://localhost:3000/notification' },
            ],
          },
        },
      ],
    });
    const rotate = await as()('POST', `/api/webhooks/${response.json().id}/secret`);
    expect(rotate.statusCode).toBe(400);
  });
});
